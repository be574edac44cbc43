// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { bytesForName, imageTypeOfBytes, imageTypeOfName } from './download';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

describe('download file types', () => {
  it('reads the type a name promises from its extension', () => {
    expect(imageTypeOfName('ai-creation-3.jpg')).toBe('image/jpeg');
    expect(imageTypeOfName('photo.JPEG')).toBe('image/jpeg');
    expect(imageTypeOfName('background-removed-1700000000000.png')).toBe('image/png');
    expect(imageTypeOfName('notes.txt')).toBeNull();
    expect(imageTypeOfName('no-extension')).toBeNull();
  });

  it('reads the type bytes really are from their magic number, not the label they came with', async () => {
    expect(await imageTypeOfBytes(new Blob([PNG], { type: 'image/jpeg' }))).toBe('image/png');
    expect(await imageTypeOfBytes(new Blob([JPEG], { type: 'application/octet-stream' }))).toBe('image/jpeg');
    expect(await imageTypeOfBytes(new Blob([WEBP]))).toBe('image/webp');
    expect(await imageTypeOfBytes(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']))).toBeNull();
  });

  it('keeps bytes that already match the name, and anything it cannot name', async () => {
    const jpeg = new Blob([JPEG]);
    expect(await bytesForName(jpeg, 'ai-creation-1.jpg')).toBe(jpeg);
    const png = new Blob([PNG]);
    expect(await bytesForName(png, 'object-removed-1.png')).toBe(png);
    expect(await bytesForName(png, 'creation')).toBe(png);
  });
});
