// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
const startBatch = vi.hoisted(() => vi.fn(async () => ({ id: 'batch-1' })));
vi.mock('../../batches/api/rest', () => ({ startBatch, downloadZip: vi.fn() }));
import { recordOperations, stubFileToolSession } from '../../jobs/testing';
import { RemoveBackgroundRoute } from './RemoveBackgroundRoute';

const { sent, variables, renderRoute } = recordOperations(() => <RemoveBackgroundRoute />);
stubFileToolSession('blob:preview');

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const picker = () => screen.getByLabelText(/Upload image/) as HTMLInputElement;
const removeButton = () => screen.getByRole('button', { name: 'Remove Background' }) as HTMLButtonElement;

describe('RemoveBackgroundRoute (product §2, §5)', () => {
  it("says 'Please select an image first' when submitted without an image, and sends nothing", () => {
    renderRoute();
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please select an image first', TOOL_TOAST);
    expect(document.activeElement).toBe(picker());
    expect(sent).toEqual([]);
  });

  it("accepts the server's image types and previews the picked file with its name and size in MB", async () => {
    renderRoute();
    // The types and the limit come from the server's uploadLimits query.
    await screen.findByText('PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 10 MB');
    // Several images or a zip of them make a batch (docs/batches.md, "From a tool's page").
    expect(picker().accept).toBe('image/png,image/jpeg,image/webp,image/gif,image/avif,image/tiff,application/zip,.png,.jpg,.jpeg,.webp,.gif,.avif,.tif,.tiff,.zip');
    expect(picker().multiple).toBe(true);
    const file = new File(['RIFF\0\0\0\0WEBPVP8 ', new Uint8Array(1.5 * 1024 * 1024 - 16)], 'holiday.webp', { type: 'image/webp' });
    fireEvent.change(picker(), { target: { files: [file] } });
    await screen.findByText('holiday.webp'); // once its first bytes are read
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('1.50 MB')).toBeTruthy();
    expect(((await screen.findByRole('img', { name: 'Preview of holiday.webp' })) as HTMLImageElement).src).toBe('blob:preview');
  });

  it('refuses a file that is not an image beside the picker, and shows nothing of it', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    fireEvent.change(picker(), { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “cv.pdf” is not one.');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('cv.pdf')).toBeNull();
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please select an image first', TOOL_TOAST);
    expect(sent).toEqual([]);
  });

  it('refuses an image over the size limit before sending anything', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    const big = new File([new Uint8Array(17 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    fireEvent.change(picker(), { target: { files: [big] } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('“huge.png” is 17.00 MB: the limit is 10 MB. Please choose a smaller image.');
    expect(picker().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(screen.queryByText('huge.png')).toBeNull();
    expect(sent).toEqual([]);
  });

  describe('background options (docs/api-v1.md, Background removal)', () => {
    // The picker reads a file's first bytes: a PNG's signature makes it one.
    const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const pickPhoto = () => fireEvent.change(picker(), { target: { files: [new File([PNG_BYTES], 'cat.png', { type: 'image/png' })] } });
    const submit = () => act(async () => fireEvent.click(removeButton()));
    const openAdvanced = () => fireEvent.click(screen.getByText('Advanced'));

    it('sends the transparent default with PNG and no quality', async () => {
      renderRoute();
      pickPhoto();
      await submit();
      await waitFor(() => expect(sent).toEqual(['RemoveBackground']));
      expect(variables[0]).toMatchObject({ background: 'TRANSPARENT', crop: false, shadow: false, format: 'PNG' });
      expect(variables[0]).not.toHaveProperty('quality');
      expect(variables[0]).not.toHaveProperty('color');
    });

    it('sends a colour from its labelled picker and hex field, with crop, margin, shadow and a JPEG quality', async () => {
      renderRoute();
      pickPhoto();
      fireEvent.click(screen.getByRole('radio', { name: 'Colour' }));
      fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#1e90ff' } });
      expect((screen.getByLabelText('Hex code') as HTMLInputElement).value).toBe('#1e90ff');
      openAdvanced();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Crop to the subject' }));
      fireEvent.change(screen.getByLabelText('Margin (%)'), { target: { value: '5' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Soft shadow under the subject' }));
      fireEvent.click(screen.getByRole('radio', { name: 'JPEG' }));
      fireEvent.change(screen.getByRole('slider', { name: 'Quality' }), { target: { value: '40' } });
      await submit();
      await waitFor(() => expect(sent).toEqual(['RemoveBackground']));
      expect(variables[0]).toMatchObject({ background: 'COLOR', color: '#1e90ff', crop: true, margin: 5, shadow: true, format: 'JPEG', quality: 40 });
    });

    it('refuses a bad hex code beside its field, and sends nothing', async () => {
      renderRoute();
      pickPhoto();
      fireEvent.click(screen.getByRole('radio', { name: 'Colour' }));
      const hex = screen.getByLabelText('Hex code') as HTMLInputElement;
      fireEvent.change(hex, { target: { value: '#12345' } });
      await submit();
      expect(toast.error).toHaveBeenCalledWith('The colour must be a hex colour like #1e90ff', TOOL_TOAST);
      expect(hex.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(hex);
      expect(sent).toEqual([]);
    });

    it('asks for a background image with IMAGE, then sends it', async () => {
      renderRoute();
      pickPhoto();
      fireEvent.click(screen.getByRole('radio', { name: 'Image' }));
      await submit();
      expect(toast.error).toHaveBeenCalledWith('Please select a background image', TOOL_TOAST);
      const field = screen.getByLabelText(/Background image/) as HTMLInputElement;
      expect(document.activeElement).toBe(field);
      expect(sent).toEqual([]);
      const backdrop = new File([PNG_BYTES], 'beach.png', { type: 'image/png' });
      fireEvent.change(field, { target: { files: [backdrop] } });
      await screen.findByText('beach.png');
      await submit();
      await waitFor(() => expect(sent).toEqual(['RemoveBackground']));
      expect(variables[0]).toMatchObject({ background: 'IMAGE', backgroundImage: backdrop });
    });

    it('refuses JPEG with a transparent background, saying what to choose', async () => {
      renderRoute();
      pickPhoto();
      openAdvanced();
      fireEvent.click(screen.getByRole('radio', { name: 'JPEG' }));
      await submit();
      expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^JPEG cannot keep a transparent background: choose a colour/), TOOL_TOAST);
      expect(sent).toEqual([]);
    });
  });

  describe('several pictures: a batch of this tool (docs/batches.md, "From a tool\'s page")', () => {
    const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], name, { type: 'image/jpeg' });
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], 'photos.zip', { type: 'application/zip' });

    it('says the runs several pictures use, and starts a batch with the page options as its one step', async () => {
      renderRoute();
      await screen.findByText(/up to 10 MB/);
      fireEvent.change(picker(), { target: { files: [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')] } });
      await screen.findByText('3 pictures: a batch using 3 runs.');
      await act(async () => fireEvent.click(removeButton()));
      expect(startBatch).toHaveBeenCalledTimes(1);
      const [files, steps] = startBatch.mock.calls[0] as unknown as [File[], unknown];
      expect(files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
      expect(steps).toEqual([{ tool: 'background-removal', options: { background: 'TRANSPARENT', crop: false, shadow: false, format: 'PNG' } }]);
      // No removeBackground: the batch's list is read again to show it.
      expect(sent).toEqual(['MyBatches']);
    });

    it('takes one zip as a batch, and refuses a zip among pictures beside the picker', async () => {
      renderRoute();
      await screen.findByText(/up to 10 MB/);
      fireEvent.change(picker(), { target: { files: [zip, jpeg('a.jpg')] } });
      expect((await screen.findByRole('alert')).textContent).toBe('Choose several pictures or one zip of them, not both.');
      fireEvent.change(picker(), { target: { files: [zip] } });
      await screen.findByText(/^photos\.zip: a batch of every picture in it/);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
