// The storage shapes, shared by the choice in index.ts and the implementations in
// local.ts and real.ts (which import this file, not index.ts).
export interface StoredFile {
  url: string;
  key: string;
}

export interface Storage {
  readonly name: string;
  put(bytes: Buffer, ext: 'png' | 'jpg' | 'webp'): Promise<StoredFile>;
}
