import { describe, expect, it } from 'vitest';
import { acceptAttribute, acceptedHint, fileProblem, formatLimit, typeNames, type AcceptedFiles } from './files';

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
});
