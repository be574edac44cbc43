// A batch's pictures as the request brings them (docs/batches.md): several image files, or a zip
// of them unpacked here into this process's temporary files (each entry streamed to disk with its
// size counted as it comes, so a zip that lies about its sizes is stopped at the limit).
import { createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { BATCH_MAX_PICTURES } from '../../shared/platform/constants.js';
import { incomingDir, tooLarge, type UploadedFile } from '../../uploads/receive.js';
import { sniff } from '../../uploads/check.js';

const tooMany = () => new AppError(ErrorCode.BAD_USER_INPUT, `A batch has at most ${BATCH_MAX_PICTURES} pictures`, { field: 'images' });

/** A zip's (by its bytes): PK\x03\x04, or an empty archive's PK\x05\x06. */
async function isZip(file: UploadedFile): Promise<boolean> {
  return (await sniff(file.path))?.ext === 'zip';
}

/** Skipped in a zip: folders, macOS's resource forks and hidden files. */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || basename(name).startsWith('.');

/** Unpacks a zip's files (at most `room` of them, each at most `maxBytes`) into temporary files. */
export async function unzip(file: UploadedFile, maxBytes: number, room: number): Promise<UploadedFile[]> {
  const dir = await incomingDir();
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file.path, { lazyEntries: true, autoClose: true }, (err, z) =>
      err || !z ? reject(new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The zip file could not be read')) : resolve(z),
    ),
  );
  const out: UploadedFile[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The zip file is damaged')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (skipped(entry.fileName)) return zip.readEntry();
        if (out.length >= room) return reject(tooMany());
        if (entry.uncompressedSize > maxBytes) return reject(tooLarge(maxBytes));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The zip file is damaged'));
          const path = join(dir, randomUUID());
          let size = 0;
          const count = new Transform({
            transform(chunk: Buffer, _enc, done) {
              size += chunk.length;
              done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
            },
          });
          pipeline(stream, count, createWriteStream(path)).then(
            () => {
              out.push({ path, size, filename: basename(entry.fileName).slice(0, 200) });
              zip.readEntry();
            },
            (e: unknown) => reject(e instanceof AppError ? e : new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The zip file is damaged')),
          );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}

/** The pictures of a request: its image files in order (each at most `maxBytes`), a zip's files in its order; 1–50 in all. */
export async function picturesOf(files: UploadedFile[], maxBytes: number): Promise<UploadedFile[]> {
  const pictures: UploadedFile[] = [];
  for (const f of files) {
    if (await isZip(f)) pictures.push(...(await unzip(f, maxBytes, BATCH_MAX_PICTURES - pictures.length)));
    // A zip may be as large as its pictures; a picture is one upload.
    else if (f.size > maxBytes) throw tooLarge(maxBytes);
    else pictures.push(f);
    if (pictures.length > BATCH_MAX_PICTURES) throw tooMany();
  }
  if (pictures.length === 0) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select at least one image (or a zip of images)', { field: 'images' });
  return pictures;
}
