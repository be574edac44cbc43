// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stroke } from '../lib/mask';
import { ObjectForm } from './ObjectForm';

afterEach(cleanup);

const photo = new File([new Uint8Array(2 * 1024 * 1024)], 'desk.jpg', { type: 'image/jpeg' });
/** One stroke across the middle of the image. */
const stroke: Stroke = {
  size: 0.05,
  points: [
    [0.3, 0.5],
    [0.6, 0.5],
  ],
};

function renderForm(
  over: Partial<{ file: File | null; files: File[]; object: string; busy: boolean; objectError: string | null; strokes: Stroke[]; brushing: boolean; onSubmit: () => void }> = {},
) {
  const { file = null, files = [], object = '', busy = false, objectError = null, strokes = [], brushing = false, onSubmit = vi.fn() } = over;
  return render(
    <MockedProvider>
      <ObjectForm
        // No preview URL: the brush canvas needs a real browser; these tests are about the form's rules.
        image={{ file, sent: null, previewUrl: null }}
        object={object}
        objectError={objectError}
        strokes={strokes}
        brushing={brushing}
        busy={busy}
        inputRef={createRef()}
        canvasRef={createRef()}
        objectRef={createRef()}
        onFile={vi.fn()}
        files={files}
        onFiles={vi.fn(() => null)}
        output={{ format: null, quality: 90 }}
        onOutput={vi.fn()}
        onObjectChange={vi.fn()}
        onBrushingChange={vi.fn()}
        onStrokesChange={vi.fn()}
        onNaturalSize={vi.fn()}
        onSubmit={onSubmit}
      />
    </MockedProvider>,
  );
}

const removeButton = () => screen.getByRole('button', { name: /Remove Object|Removing object/ }) as HTMLButtonElement;

describe('ObjectForm (product §2, §4, §5)', () => {
  it('disables Remove Object with neither an image nor an object name', () => {
    renderForm();
    expect(removeButton().disabled).toBe(true);
  });

  it('disables Remove Object when the image is missing', () => {
    const submit = vi.fn();
    renderForm({ object: 'watch', onSubmit: submit });
    expect(removeButton().disabled).toBe(true);
    // Enter in the object field submits the form; with the button disabled nothing is sent.
    fireEvent.keyDown(screen.getByLabelText('Describe object to remove'), { key: 'Enter' });
    fireEvent.submit(removeButton().form!);
    expect(submit).not.toHaveBeenCalled();
  });

  it('disables Remove Object when the object name is blank after trimming', () => {
    renderForm({ file: photo, object: '   ' });
    expect(removeButton().disabled).toBe(true);
  });

  it('disables Remove Object while loading, even with an image and a name', () => {
    const submit = vi.fn();
    renderForm({ file: photo, object: 'watch', busy: true, onSubmit: submit });
    expect(removeButton().disabled).toBe(true);
    expect(removeButton().textContent).toContain('Removing object…');
    fireEvent.submit(removeButton().form!);
    expect(submit).not.toHaveBeenCalled();
  });

  it('enables Remove Object with an image and a name, and submits on click', () => {
    const submit = vi.fn();
    renderForm({ file: photo, object: 'watch', onSubmit: submit });
    expect(removeButton().disabled).toBe(false);
    expect(removeButton().textContent).toContain('Remove Object');
    fireEvent.click(removeButton());
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('enables Remove Object with an image and a brushed stroke but no name, and submits (docs/product.md, Object removal)', () => {
    const submit = vi.fn();
    renderForm({ file: photo, object: '', strokes: [stroke], brushing: true, onSubmit: submit });
    expect(removeButton().disabled).toBe(false);
    fireEvent.click(removeButton());
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('keeps Remove Object disabled with no name when nothing is brushed, or the brush is switched off', () => {
    renderForm({ file: photo, object: ' ', strokes: [], brushing: true });
    expect(removeButton().disabled).toBe(true);
    cleanup();
    // Strokes kept from before, but the brush is off: no mask would be sent.
    renderForm({ file: photo, object: '', strokes: [stroke], brushing: false });
    expect(removeButton().disabled).toBe(true);
    cleanup();
    // A brush never stands in for the image.
    renderForm({ file: null, object: '', strokes: [stroke], brushing: true });
    expect(removeButton().disabled).toBe(true);
  });

  it('shows the object error next to the field and marks it invalid', () => {
    renderForm({ file: photo, object: 'red car', objectError: 'Please enter only one object name' });
    expect(screen.getByRole('alert').textContent).toBe('Please enter only one object name');
    expect(screen.getByLabelText('Describe object to remove').getAttribute('aria-invalid')).toBe('true');
    // The hint, read with the field, says a name is optional with a brush.
    const hint = screen.getByText(/^One object name, no spaces \(for example: car, person, lamp\)\. It is found in the image by this name\./);
    expect(hint.textContent).toContain('Optional when you brush over what to remove: then just the brushed area is removed.');
    expect(screen.getByLabelText('Describe object to remove').getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('with several pictures says the runs they use, offers no brush and needs the name (a batch finds the object by it)', () => {
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => new File([new Uint8Array(10)], n, { type: 'image/jpeg' }));
    renderForm({ files, brushing: true, strokes: [stroke] });
    expect(screen.getByRole('status').textContent).toBe('3 pictures: a batch using 3 runs.');
    expect(screen.queryByRole('checkbox', { name: /Brush/ })).toBeNull();
    expect(removeButton().disabled).toBe(true);
    cleanup();
    renderForm({ files, object: 'cup' });
    expect(removeButton().disabled).toBe(false);
  });
});
