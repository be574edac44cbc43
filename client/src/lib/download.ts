/** An image format: its MIME type, the file name endings it goes by, and the bytes its files start with. */
interface ImageFormat {
  type: string;
  extensions: string[];
  matches: (head: Uint8Array) => boolean;
}

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const FORMATS: ImageFormat[] = [
  { type: 'image/png', extensions: ['png'], matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { type: 'image/webp', extensions: ['webp'], matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  { type: 'image/gif', extensions: ['gif'], matches: (h) => startsWith(h, ascii('GIF8')) },
];

/** The image type a file name promises by its extension, if it names one we know. */
export function imageTypeOfName(filename: string): string | null {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return FORMATS.find((f) => f.extensions.includes(ext))?.type ?? null;
}

/** The image type the bytes really are (by their magic number), whatever the server called them. */
export async function imageTypeOfBytes(blob: Blob): Promise<string | null> {
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  return FORMATS.find((f) => f.matches(head))?.type ?? null;
}

/** The image re-encoded as `type` in the browser; JPEG has no transparency, so it gets a white background. */
async function reencode(blob: Blob, type: string): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot convert images');
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob((out) => (out ? resolve(out) : reject(new Error(`This browser cannot write ${type}`))), type, 0.92);
  });
}

/**
 * The bytes to save under `filename`: as fetched when they already are the type its
 * extension names, else converted to it, so a .jpg is always a JPEG and a .png a PNG.
 */
export async function bytesForName(blob: Blob, filename: string): Promise<Blob> {
  const wanted = imageTypeOfName(filename);
  const actual = await imageTypeOfBytes(blob);
  if (!wanted || !actual || actual === wanted) return blob;
  return reencode(blob, wanted);
}

/**
 * Spec §7: downloads fetch the image URL as a blob, then save it under `filename` (product §9
 * names), converted to the type that name says. Asked of the server afresh: the page's <img>
 * loaded the same URL without CORS, and a store that sends no `Vary: Origin` (S3 and its
 * kin, for a request without Origin) lets the browser reuse that copy for this CORS fetch,
 * which it then refuses.
 */
export async function downloadImage(url: string, filename: string): Promise<void> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const blob = await bytesForName(await response.blob(), filename);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; give them a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
