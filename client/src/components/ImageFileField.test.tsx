// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_UPLOAD_LIMITS } from '../features/jobs/testing';
import { UploadLimitsQuery } from '../lib/uploadLimits';
import { ImageFileField } from './ImageFileField';

afterEach(cleanup);

function renderField(maxBytes = TEST_UPLOAD_LIMITS.maxBytes) {
  const onFile = vi.fn();
  const mocks = [{ request: { query: UploadLimitsQuery }, result: { data: { uploadLimits: { ...TEST_UPLOAD_LIMITS, maxBytes } } } }];
  render(
    <MockedProvider mocks={mocks}>
      <ImageFileField label="Upload image" hasFile={false} onFile={onFile} />
    </MockedProvider>,
  );
  return onFile;
}

const input = () => screen.getByLabelText(/Upload image/) as HTMLInputElement;
const pick = (f: File) => fireEvent.change(input(), { target: { files: [f] } });
// A PNG's signature, then padding: the field reads the first bytes.
const png = (name: string, bytes: number) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(bytes - 8)], name, { type: 'image/png' });

describe('ImageFileField', () => {
  it("shows the server's types and size limit in advance, and the input accepts those types", async () => {
    renderField(4 * 1024 * 1024);
    const hint = await screen.findByText('PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 4 MB');
    // The hint's paragraph describes the input (the types and limit are its first part).
    expect(input().getAttribute('aria-describedby')).toBe(hint.closest('p')!.id);
    expect(hint.closest('p')!.id).not.toBe('');
    expect(input().accept.split(',')).toEqual(expect.arrayContaining(['image/png', 'image/webp', '.jpg', '.tiff']));
  });

  it('refuses a file over the limit with an inline error tied to the input, and hands on nothing', async () => {
    const onFile = renderField();
    await screen.findByText(/up to 10 MB/);
    pick(png('big.png', 17 * 1024 * 1024));
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('“big.png” is 17.00 MB: the limit is 10 MB. Please choose a smaller image.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')?.split(' ')[0]).toBe(error.id);
    expect(onFile).not.toHaveBeenCalled();
  });

  it('refuses a dropped file of another type the same way', async () => {
    const onFile = renderField();
    await screen.findByText(/up to 10 MB/);
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.drop(input().closest('label')!, { dataTransfer: { files: [svg] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “logo.svg” is not one.');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('hands on a file within the limit and clears an earlier error', async () => {
    const onFile = renderField();
    await screen.findByText(/up to 10 MB/);
    pick(png('big.png', 11 * 1024 * 1024));
    expect(screen.getByRole('alert')).toBeTruthy();
    const ok = png('ok.png', 1024);
    pick(ok);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(ok)); // once its first bytes are read
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });
});
