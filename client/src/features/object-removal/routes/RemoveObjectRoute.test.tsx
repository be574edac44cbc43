// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
import { recordOperations, stubFileToolSession } from '../../jobs/testing';
import { RemoveObjectRoute } from './RemoveObjectRoute';

const { sent, renderRoute } = recordOperations(() => <RemoveObjectRoute />);
stubFileToolSession('blob:preview');

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const picker = () => screen.getByLabelText(/Upload image/) as HTMLInputElement;
const objectField = () => screen.getByLabelText('Describe object to remove') as HTMLTextAreaElement;
const removeButton = () => screen.getByRole('button', { name: 'Remove Object' }) as HTMLButtonElement;

describe('RemoveObjectRoute (product §2, §5)', () => {
  it('keeps Remove Object disabled until both an image and an object name are given', () => {
    renderRoute();
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    expect(removeButton().disabled).toBe(true);
    fireEvent.change(objectField(), { target: { value: 'watch' } });
    expect(removeButton().disabled).toBe(true);
    fireEvent.change(picker(), { target: { files: [new File([new Uint8Array(1024 * 1024)], 'desk.png', { type: 'image/png' })] } });
    expect(screen.getByText('desk.png')).toBeTruthy();
    expect(screen.getByText('1.00 MB')).toBeTruthy();
    expect(removeButton().disabled).toBe(false);
    fireEvent.change(objectField(), { target: { value: '  ' } });
    expect(removeButton().disabled).toBe(true);
  });

  it("says 'Please enter only one object name' for two words, sends nothing, and clears it on edit", () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['png'], 'desk.png', { type: 'image/png' })] } });
    fireEvent.change(objectField(), { target: { value: 'red car' } });
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please enter only one object name', TOOL_TOAST);
    expect(screen.getByRole('alert').textContent).toBe('Please enter only one object name');
    expect(objectField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(objectField());
    expect(sent).toEqual([]);

    fireEvent.change(objectField(), { target: { value: 'car' } });
    expect(screen.queryByText('Please enter only one object name')).toBeNull();
    expect(objectField().getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a file that is not an image, beside the picker', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    fireEvent.change(picker(), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “notes.txt” is not one.');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('needs no brush: the brush is an unticked, optional switch and Remove Object is enabled with an image and a name', () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['png'], 'desk.png', { type: 'image/png' })] } });
    fireEvent.change(objectField(), { target: { value: 'cup' } });
    const brush = screen.getByRole('checkbox', { name: 'Brush over the object (optional)' }) as HTMLInputElement;
    expect(brush.checked).toBe(false);
    expect(screen.queryByLabelText(/Mask canvas/)).toBeNull();
    expect(screen.queryByLabelText('Brush size')).toBeNull();
    expect(removeButton().disabled).toBe(false);
    fireEvent.click(brush);
    expect(screen.getByLabelText(/Mask canvas over desk.png/)).toBeTruthy();
    expect(screen.getByLabelText('Brush size')).toBeTruthy();
    expect(removeButton().disabled).toBe(false);
  });
});
