// @vitest-environment happy-dom
// The image form's "Advanced" disclosure (docs/engines.md, "Advanced image options"): only what the
// engine honours is offered, and only what is offered is sent.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));
import { answerJobSubscriptions, recordOperations, testEngine } from '../../jobs/testing';
import { GenerateImagesRoute } from '../routes/GenerateImagesRoute';

const { sent, variables, renderRoute } = recordOperations(() => <GenerateImagesRoute />);
const followed = answerJobSubscriptions();
afterEach(cleanup);

const text = testEngine({ label: 'Template writer — no text model connected' });
const placeholder = { image: testEngine({ options: ['ASPECT_RATIO', 'SEED', 'COUNT'] }), text };
const comfy = {
  image: testEngine({
    name: 'comfyui',
    label: 'ComfyUI · sd_xl_base_1.0',
    model: 'sd_xl_base_1.0',
    placeholder: false,
    options: ['ASPECT_RATIO', 'SEED', 'NEGATIVE_PROMPT', 'COUNT'],
  }),
  text,
};

async function generate(description = 'A lighthouse at dusk') {
  fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: description } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
  await waitFor(() => expect(sent).toContain('GenerateImage'));
  return variables[sent.indexOf('GenerateImage')] as { input: Record<string, unknown>; jobId: string };
}

describe('the image form with an engine', () => {
  it('has only the output format in Advanced while the engine is unknown, and sends only the spec fields', async () => {
    renderRoute();
    expect(screen.getByText('· format')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Aspect ratio' })).toBeNull();
    const { input, jobId } = await generate();
    expect(input).toEqual({ description: 'A lighthouse at dusk', style: 'REALISTIC', publish: false });
    expect(jobId).toBe(followed[0]!.jobId);
  });

  it('offers the output format whatever the engine honours, and sends it with its quality once chosen', async () => {
    renderRoute({ image: testEngine({ options: [] }), text });
    await screen.findByRole('note');
    const format = screen.getByRole('group', { name: 'Output format' });
    expect(
      within(format)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    fireEvent.click(within(format).getByRole('radio', { name: 'JPEG' }));
    fireEvent.change(screen.getByLabelText('Quality'), { target: { value: '70' } });
    const { input } = await generate();
    expect(input).toEqual({ description: 'A lighthouse at dusk', style: 'REALISTIC', publish: false, format: 'JPEG', quality: 70 });
  });

  it('offers what the placeholder honours (no negative prompt) and sends those choices', async () => {
    renderRoute(placeholder);
    const summary = await screen.findByText('Advanced');
    expect(summary.closest('summary')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Aspect ratio' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Number of images' })).toBeTruthy();
    expect(screen.queryByLabelText(/Negative prompt/)).toBeNull();
    expect((screen.getByLabelText(/Seed/) as HTMLInputElement).placeholder).toBe('Random');

    fireEvent.click(screen.getByRole('radio', { name: 'Wide 16:9' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Number of images' })).getByRole('radio', { name: '3' }));
    fireEvent.change(screen.getByLabelText(/Seed/), { target: { value: '42' } });
    const { input } = await generate();
    expect(input).toEqual({ description: 'A lighthouse at dusk', style: 'REALISTIC', publish: false, aspectRatio: 'WIDE', seed: 42, count: 3 });
  });

  it('sends no seed when none is typed (a random one), and refuses one that is not a whole number', async () => {
    renderRoute(comfy);
    await screen.findByText('Advanced');
    fireEvent.change(screen.getByLabelText(/Seed/), { target: { value: '-3' } });
    fireEvent.change(screen.getByLabelText('Describe your image'), { target: { value: 'A fox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    expect(screen.getByText(/The seed must be a whole number/)).toBeTruthy();
    expect(screen.getByLabelText(/Seed/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Seed/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/Negative prompt/), { target: { value: '  text, watermark ' } });
    const { input } = await generate('A fox');
    expect(input).toEqual({ description: 'A fox', style: 'REALISTIC', publish: false, aspectRatio: 'SQUARE', negativePrompt: 'text, watermark', count: 1 });
  });

  it('names a real engine in one line, and keeps the styles as they are', async () => {
    renderRoute(comfy);
    await screen.findByText('ComfyUI · sd_xl_base_1.0');
    expect(screen.getByText(/Images by/).textContent).toBe('Images by ComfyUI · sd_xl_base_1.0');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Realistic' })).toBeTruthy();
  });

  it('with the placeholder, says no model is connected and how to connect one, and that the styles only change the drawing', async () => {
    renderRoute(placeholder);
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/No image model connected: pictures are placeholder drawings\..*ComfyUI, AUTOMATIC1111\/Forge or an OpenAI-compatible server/);
    const styles = screen.getByRole('group', { name: 'Style' });
    expect(styles.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(styles.getAttribute('aria-describedby')!)!.textContent).toMatch(/a style only changes the look of the placeholder drawing/);
    const radios = within(styles).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['REALISTIC', 'GHIBLI', 'ANIME', 'CARTOON', 'FANTASY', 'THREE_D', 'PORTRAIT']);
    expect(screen.getByRole('radio', { name: 'Realistic (drawn)' }).getAttribute('value')).toBe('REALISTIC');
  });
});
