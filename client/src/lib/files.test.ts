import { describe, expect, it } from 'vitest';
import { acceptAttribute, acceptedHint, contentProblem, fileProblem, formatLimit, typeNames, type AcceptedFiles } from './files';

const PNG = { mime: 'image/png', name: 'PNG', extensions: ['png'] };
const JPEG = { mime: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'] };
const images: AcceptedFiles = { types: [PNG, JPEG], maxBytes: 10 * 1024 * 1024, noun: 'image' };
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('picked-file checks', () => {
  it('names limits and types as people read them', () => {
    expect(formatLimit(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatLimit(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatLimit(512 * 1024)).toBe('512 KB');
    expect(typeNames([PNG])).toBe('PNG');
    expect(typeNames([PNG, JPEG, { mime: 'image/gif', name: 'GIF', extensions: ['gif'] }])).toBe('PNG, JPEG or GIF');
    expect(acceptedHint(images)).toBe('PNG or JPEG, up to 10 MB');
    expect(acceptedHint({ ...images, maxBytes: null })).toBe('PNG or JPEG');
    expect(acceptAttribute(images.types)).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
  });

  it('accepts a listed type within the limit, the limit itself included', () => {
    expect(fileProblem(file('a.png', 'image/png'), images)).toBeNull();
    expect(fileProblem(file('a.jpg', 'image/jpeg', 10 * 1024 * 1024), images)).toBeNull();
  });

  it('refuses another type, by its MIME type, or by its name when the system gave none', () => {
    expect(fileProblem(file('a.bmp', 'image/bmp'), images)).toBe('Please choose a PNG or JPEG image: “a.bmp” is not one.');
    expect(fileProblem(file('notes.txt', ''), images)).toBe('Please choose a PNG or JPEG image: “notes.txt” is not one.');
    expect(fileProblem(file('noending', ''), images)).not.toBeNull();
    expect(fileProblem(file('PHOTO.JPEG', ''), images)).toBeNull();
  });

  it('refuses a file one byte over the limit, saying its size and the limit; no limit known: no size check', () => {
    expect(fileProblem(file('big.png', 'image/png', 10 * 1024 * 1024 + 1), images)).toBe('“big.png” is 10.00 MB: the limit is 10 MB. Please choose a smaller image.');
    expect(fileProblem(file('big.png', 'image/png', 17 * 1024 * 1024), { ...images, maxBytes: null })).toBeNull();
  });

  it('refuses a file whose bytes are not what its name says, and takes real ones (product §5: the bytes decide; a fake .png was previewed as "cannot preview, can still be processed")', async () => {
    const bytes = (name: string, data: number[] | string, type: string) => new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type });
    const realPng = bytes('a.png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'image/png');
    const realJpeg = bytes('a.jpg', [0xff, 0xd8, 0xff, 0xe0, 0, 16], 'image/jpeg');
    expect(await contentProblem(realPng, images)).toBeNull();
    expect(await contentProblem(realJpeg, images)).toBeNull();
    expect(await contentProblem(bytes('fake.png', 'this is not an image at all', 'image/png'), images)).toBe(
      '“fake.png” is not an image: its contents are not PNG or JPEG, whatever its name says. Please choose another file.',
    );
    const pdf: AcceptedFiles = { types: [{ mime: 'application/pdf', name: 'PDF', extensions: ['pdf'] }], maxBytes: null, noun: 'file' };
    expect(await contentProblem(bytes('cv.pdf', '%PDF-1.7\n', 'application/pdf'), pdf)).toBeNull();
    expect(await contentProblem(bytes('cv.pdf', 'PK\u0003\u0004 a Word document', 'application/pdf'), pdf)).toBe(
      '“cv.pdf” is not a PDF file: its contents are not PDF, whatever its name says. Please choose another file.',
    );
    // A type we cannot tell by its bytes leaves the verdict to the server.
    expect(await contentProblem(bytes('a.bmp', 'BM', 'image/bmp'), { ...images, types: [{ mime: 'image/bmp', name: 'BMP', extensions: ['bmp'] }] })).toBeNull();
  });
});
