// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
import { recordOperations } from '../../jobs/testing';
import { GenerateImagesRoute } from './GenerateImagesRoute';

const { sent, renderRoute } = recordOperations(() => <GenerateImagesRoute />);

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(cleanup);

const description = () => screen.getByLabelText('Describe your image') as HTMLTextAreaElement;
const generate = () => screen.getByRole('button', { name: 'Generate Image' }) as HTMLButtonElement;

describe('GenerateImagesRoute (product §4, §5, §9)', () => {
  it("says 'Please enter an image description' on an empty submit, sends nothing, and clears the error once the user types", () => {
    renderRoute();
    expect(screen.queryByText('Please enter an image description')).toBeNull();

    fireEvent.click(generate());
    expect(toast.error).toHaveBeenCalledWith('Please enter an image description', TOOL_TOAST);
    expect(screen.getByText('Please enter an image description')).toBeTruthy();
    expect(description().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description());
    expect(sent).toEqual([]);

    fireEvent.change(description(), { target: { value: 'A lighthouse at dusk' } });
    expect(screen.queryByText('Please enter an image description')).toBeNull();
    expect(description().getAttribute('aria-invalid')).toBeNull();
  });

  it('treats a description of only spaces as empty', () => {
    renderRoute();
    fireEvent.change(description(), { target: { value: '    ' } });
    fireEvent.click(generate());
    expect(toast.error).toHaveBeenCalledWith('Please enter an image description', TOOL_TOAST);
    expect(screen.getByText('Please enter an image description')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('offers seven styles with Realistic chosen by default, and another can be picked', () => {
    renderRoute();
    const radios = within(screen.getByRole('group', { name: 'Style' })).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Realistic', 'Ghibli', 'Anime', 'Cartoon', 'Fantasy', '3D', 'Portrait']);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['REALISTIC']);
    fireEvent.click(screen.getByRole('radio', { name: 'Ghibli' }));
    expect((screen.getByRole('radio', { name: 'Ghibli' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Realistic' }) as HTMLInputElement).checked).toBe(false);
  });

  it('starts private: the public switch is off and toggles aria-checked on each click', () => {
    renderRoute();
    const toggle = screen.getByRole('switch', { name: 'Make this image public' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the empty result panel before anything is generated', () => {
    renderRoute();
    expect(screen.getByText(/Describe an image and click “Generate Image”/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
