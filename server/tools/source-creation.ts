// A creation of the caller's given to a tool as its image instead of a file (sourceCreationId,
// docs/adding-a-tool.md, "Sending a creation to a tool"). Its picture is read from the store and
// written where received uploads go, so from there on it is an upload like any other: checked by
// its bytes, measured for the tool's checkUploads, and kept privately for the worker, which reads
// it by the upload key in the job's input. The source creation may be deleted meanwhile.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from '../context.js';
import type { Creation } from '../shared/db/generated/client.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { FileGone, type Storage } from '../shared/storage/types.js';
import { SOURCE_CREATION_FIELD } from '../shared/tools/tool.js';
import { incomingDir, type UploadedFile } from '../uploads/receive.js';

/** A creation's picture as a received file; `remove` deletes the temporary file once it is stored (or refused). */
export interface ReceivedSource {
  file: UploadedFile;
  remove: () => Promise<void>;
}

/** What a request said for sourceCreationId: absent (undefined, null or blank) or an id to look up. */
export function sourceIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AppError(ErrorCode.BAD_USER_INPUT, `${SOURCE_CREATION_FIELD} must be the id of one of your creations`, { field: SOURCE_CREATION_FIELD });
  return value.trim() || undefined;
}

export class CreationSources {
  constructor(
    private readonly services: Pick<Services, 'log'>,
    /** The creation module's check: the caller's own image, else NOT_FOUND. */
    private readonly creations: { ownImage(id: string, userId: string, field: string): Promise<Creation> },
    private readonly storage: Pick<Storage, 'readContent'>,
  ) {}

  async receive(userId: string, id: string): Promise<ReceivedSource> {
    const creation = await this.creations.ownImage(id, userId, SOURCE_CREATION_FIELD);
    const bytes = await this.storage.readContent(creation.content).catch((e: Error) => {
      if (e instanceof FileGone) throw new AppError(ErrorCode.NOT_FOUND, "This creation's image is not stored any more", { field: SOURCE_CREATION_FIELD });
      this.services.log.warn({ err: e.message, creationId: id }, "could not read a creation's image");
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, "Your creation's image could not be read just now. Please try again in a moment.");
    });
    const path = join(await incomingDir(), randomUUID());
    await writeFile(path, bytes, { mode: 0o600 });
    const named = (creation.metadata as Record<string, unknown> | null)?.filename;
    const filename = typeof named === 'string' && named ? named : `creation-${creation.id.slice(0, 8)}`;
    return { file: { path, size: bytes.length, filename }, remove: () => rm(path, { force: true }) };
  }
}
