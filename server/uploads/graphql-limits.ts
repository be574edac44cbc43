// How many files, and how large, one GraphQL multipart request may carry: a tool mutation's few
// (at most 3, each within UPLOAD_MAX_BYTES), unless it selects a root field with wider limits
// (startBatch: up to 50 pictures, or a zip as large as its pictures; docs/batches.md, "Over
// GraphQL"). The multipart parser is given the widest limits; each request is then held to its
// operation's, read from its `operations` and its map before any file arrives.
import type { Request, Response } from 'express';
import { Kind, parse } from 'graphql';
import { PARSE_OPTIONS } from '../http/armor.js';

export interface UploadLimit {
  /** Files in one request. */
  maxFiles: number;
  /** Bytes of each file. */
  maxBytes: number;
}

/** Wider limits for the operations selecting one of `fields` at their root. */
export interface WiderUploads {
  fields: readonly string[];
  limit: UploadLimit;
}

/** The root fields an operation (or a list of them) selects; none when its query does not parse (Apollo refuses it then). */
export function rootFieldsOf(operations: unknown): Set<string> {
  const fields = new Set<string>();
  for (const op of Array.isArray(operations) ? (operations as unknown[]) : [operations]) {
    const { query, operationName } = (op ?? {}) as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string') continue;
    try {
      for (const def of parse(query, PARSE_OPTIONS).definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        if (typeof operationName === 'string' && def.name?.value !== operationName) continue;
        for (const s of def.selectionSet.selections) if (s.kind === Kind.FIELD) fields.add(s.name.value);
      }
    } catch {
      // Not a document: answered by Apollo, with the default limits.
    }
  }
  return fields;
}

/** The limits of a request with these operations. */
export function limitOf(operations: unknown, base: UploadLimit, wider?: WiderUploads): UploadLimit {
  if (!wider) return base;
  const fields = rootFieldsOf(operations);
  return wider.fields.some((f) => fields.has(f)) ? wider.limit : base;
}

/** The widest of the limits: what the multipart parser itself is given. */
export const widest = (base: UploadLimit, wider?: WiderUploads): UploadLimit =>
  wider ? { maxFiles: Math.max(base.maxFiles, wider.limit.maxFiles), maxBytes: Math.max(base.maxBytes, wider.limit.maxBytes) } : base;

/** The most bytes read for the map: the operations and the map are a megabyte each at most (graphql-upload-minimal's field limit). */
const HEAD_MAX_BYTES = 2 * 1024 * 1024 + 64 * 1024;

/**
 * How many files a multipart body's map names, read from its first bytes as they pass (the
 * operations are its first part, the map its second, before any file): graphql-upload-minimal
 * counts the map's entries but says nothing of them, and two entries naming one variable leave
 * a file no resolver reads, which would hold the parser up. `entries` is null until the map has
 * been read, or when it could not be.
 */
export function multipartMap(boundary: string): { push: (chunk: Buffer) => void; readonly done: boolean; readonly entries: number | null } {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body's first delimiter has no line break before it.
  let head = Buffer.from('\r\n');
  let done = false;
  let entries: number | null = null;
  /** Where the body's n-th delimiter starts (from 1), or -1. */
  const nth = (n: number) => {
    let at = -delimiter.length;
    for (let i = 0; i < n; i++) {
      at = head.indexOf(delimiter, at + delimiter.length);
      if (at === -1) break;
    }
    return at;
  };
  return {
    push(chunk) {
      if (done) return;
      head = Buffer.concat([head, chunk]);
      const [second, third] = [nth(2), nth(3)];
      if (third === -1) {
        done = head.length > HEAD_MAX_BYTES;
        return;
      }
      done = true;
      const part = head.subarray(second + delimiter.length, third);
      const body = part.subarray(part.indexOf('\r\n\r\n') + 4).toString('utf8');
      head = Buffer.alloc(0);
      try {
        const map: unknown = JSON.parse(body);
        if (map && typeof map === 'object' && !Array.isArray(map)) entries = Object.keys(map).length;
      } catch {
        // Not JSON: graphql-upload-minimal refuses it.
      }
    },
    get done() {
      return done;
    },
    get entries() {
      return entries;
    },
  };
}

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** The map of a request's body, read as its chunks pass (multipartMap) until it has been, or the response ends. */
export function followMap(req: Request, res: Response): { readonly entries: number | null } {
  const map = multipartMap(boundaryOf(req.headers['content-type']) ?? '');
  const read = (chunk: Buffer) => {
    map.push(chunk);
    if (map.done) req.off('data', read);
  };
  req.on('data', read);
  res.once('close', () => req.off('data', read));
  return map;
}
