// The storage shapes, shared by the choice in index.ts and the implementations in
// local.ts, s3.ts and real.ts (which import this file, not index.ts).
export type FileExt = 'png' | 'jpg' | 'webp';

export interface StoredFile {
  /** What a creation stores as its content: `/files/<name>` for our own files, whatever the store. */
  url: string;
  key: string;
}

/**
 * Result files (private until published) and jobs' input uploads (always private).
 * A creation keeps `/files/<name>` whatever the store, and the store decides the URL a
 * viewer gets, so switching stores moves files but rewrites no row.
 */
export interface Storage {
  readonly name: string;
  /** Keeps a result file, private; `url` is what its creation stores. */
  put(bytes: Buffer, ext: FileExt): Promise<StoredFile>;
  /** The URL a viewer gets for a file of ours (Creation.file): short-lived when private, plain when published. */
  urlFor(name: string, published: boolean, nowMs?: number): string | Promise<string>;
  /** Makes the file readable by anyone at its plain URL, or takes that back. */
  setPublished(name: string, published: boolean): Promise<void>;
  /** Deletes a result file, every copy of it. */
  remove(name: string): Promise<void>;
  /**
   * A creation's image as stored (its content: `/files/<name>`, or a URL this store made), for a
   * tool given it as its input (docs/adding-a-tool.md, "Sending a creation to a tool"). Rejects
   * with FileGone when it is not one of this store's files, or not there any more.
   */
  readContent(content: string): Promise<Buffer>;
  /** Keeps a job's input file (a received file's path) privately for the worker (which may run on another machine); returns its key. */
  putUpload(file: string, ext: string): Promise<string>;
  readUpload(key: string): Promise<Buffer>;
  /** Deletes a job's input file; a missing one is no error. */
  deleteUpload(key: string): Promise<void>;
}

/** A creation's image this store does not hold (any more): deleted, or made by another store. */
export class FileGone extends Error {
  constructor(what: string) {
    super(`no stored file for ${what}`);
  }
}
