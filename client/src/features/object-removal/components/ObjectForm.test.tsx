// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ObjectForm } from './ObjectForm';

afterEach(cleanup);

const photo = new File([new Uint8Array(2 * 1024 * 1024)], 'desk.jpg', { type: 'image/jpeg' });

function renderForm(over: Partial<{ file: File | null; object: string; busy: boolean; objectError: string | null; onSubmit: () => void }> = {}) {
  const { file = null, object = '', busy = false, objectError = null, onSubmit = vi.fn() } = over;
  return render(
    <MockedProvider>
      <ObjectForm
        file={file}
        // No preview URL: the brush canvas needs a real browser; these tests are about the form's rules.
        previewUrl={null}
        object={object}
        objectError={objectError}
        strokes={[]}
        brushing={false}
        busy={busy}
        inputRef={createRef()}
        canvasRef={createRef()}
        objectRef={createRef()}
        onFile={vi.fn()}
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

  it('shows the object error next to the field and marks it invalid', () => {
    renderForm({ file: photo, object: 'red car', objectError: 'Please enter only one object name' });
    expect(screen.getByRole('alert').textContent).toBe('Please enter only one object name');
    expect(screen.getByLabelText('Describe object to remove').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('One object name, no spaces (for example: car, person, lamp). It is found in the image by this name.')).toBeTruthy();
  });
});
