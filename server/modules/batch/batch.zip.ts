// A batch's result as one zip (docs/batches.md, "The zip"), written with archiver straight to
// the response: one picture is read from the store at a time, and the next only once archiver has
// taken it, so memory holds at most a picture whatever the batch's size; nothing is kept.
// Pictures are stored, not deflated (PNG, JPEG and WebP are compressed already).
import { ZipArchive } from 'archiver';
import type { Writable } from 'node:stream';
import { extname } from 'node:path';

export interface ZipPicture {
  index: number;
  filename: string | null;
  /** Reads the picture's bytes from the store, when its turn comes. */
  read: () => Promise<Buffer>;
  /** The stored file's extension (png, jpg, webp). */
  ext: string;
}

/** `01-photo.png`: the picture's place, its own name without its old extension, the result's extension. */
export function entryName(p: Pick<ZipPicture, 'index' | 'filename' | 'ext'>, width: number): string {
  const stem = (p.filename ?? 'picture').replace(/[\\/]/g, '_').replace(/\.[^.]*$/, '') || 'picture';
  return `${String(p.index + 1).padStart(width, '0')}-${stem}.${p.ext}`;
}

export const extOf = (content: string) => extname(content.split('?')[0] ?? '').replace('.', '') || 'png';

/** Streams the zip into `out`; `failures` (lines) go in as failures.txt when there are any. */
export async function writeZip(out: Writable, pictures: readonly ZipPicture[], failures: readonly string[]): Promise<void> {
  const archive = new ZipArchive({ store: true });
  const finished = new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    out.on('close', resolve);
    out.on('finish', resolve);
    out.on('error', reject);
  });
  archive.pipe(out);
  const width = Math.max(2, String(pictures.length).length);
  for (const p of pictures) {
    const bytes = await p.read();
    const taken = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
    archive.append(bytes, { name: entryName(p, width) });
    await taken;
  }
  if (failures.length) archive.append(`${failures.join('\n')}\n`, { name: 'failures.txt' });
  await archive.finalize();
  await finished;
}
