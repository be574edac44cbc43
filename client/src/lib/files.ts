// Small facts about picked files, shared by the file tools.

/** Spec §2: the preview shows the file's size in MB. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** A file type a picker takes: the server's uploadLimits query lists the image types. */
export interface FileType {
  mime: string;
  /** Its name for people, e.g. PNG. */
  name: string;
  /** File name endings, without the dot. */
  extensions: readonly string[];
}

/** What a picker takes: known types, and the size limit once the server has said it (null until then). */
export interface AcceptedFiles {
  types: readonly FileType[];
  maxBytes: number | null;
  /** What one such file is called: "image", "file". */
  noun: string;
}

/** A zip of pictures: the image tools' pickers take one in place of several pictures (docs/batches.md). */
export const ZIP_FILE_TYPE: FileType = { mime: 'application/zip', name: 'ZIP', extensions: ['zip'] };

/** Whether a picked file is a zip (by its type, or its name when the system gave none or a variant). */
export const isZipFile = (file: File): boolean => /\.zip$/i.test(file.name) || file.type === ZIP_FILE_TYPE.mime;

/** A size limit as people read it: "10 MB", "512 KB". */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "PNG, JPEG or WebP". */
export function typeNames(types: readonly FileType[]): string {
  const names = types.map((t) => t.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** The file input's accept attribute: the MIME types and their endings (some systems type files by name only). */
export function acceptAttribute(types: readonly FileType[]): string {
  return [...types.map((t) => t.mime), ...types.flatMap((t) => t.extensions.map((e) => `.${e}`))].join(',');
}

/** The picker's hint, e.g. "PNG, JPEG or WebP, up to 10 MB". */
export function acceptedHint({ types, maxBytes }: AcceptedFiles): string {
  return maxBytes === null ? typeNames(types) : `${typeNames(types)}, up to ${formatLimit(maxBytes)}`;
}

function hasAcceptedType(file: File, types: readonly FileType[]): boolean {
  // Some systems give no type at all (a drop, an unusual ending): then the name decides. The server reads the bytes anyway.
  // Windows names a zip application/x-zip-compressed.
  const type = file.type === 'application/x-zip-compressed' ? ZIP_FILE_TYPE.mime : file.type;
  if (type !== '') return types.some((t) => t.mime === type);
  const ending = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return ending !== undefined && types.some((t) => t.extensions.includes(ending));
}

/** Why the picked file cannot be sent (checked in the browser, before any upload), or null when it can. */
export function fileProblem(file: File, accepted: AcceptedFiles): string | null {
  if (!hasAcceptedType(file, accepted.types)) return `Please choose a ${typeNames(accepted.types)} ${accepted.noun}: “${file.name}” is not one.`;
  if (accepted.maxBytes !== null && file.size > accepted.maxBytes) {
    return `“${file.name}” is ${formatMegabytes(file.size)}: the limit is ${formatLimit(accepted.maxBytes)}. Please choose a smaller ${accepted.noun}.`;
  }
  return null;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
/** ISO media brands of AVIF and HEIF images (a HEIF is sometimes labelled AVIF; the server reads both). */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** How each type the pickers take begins, as the server tells types apart (by bytes, never by name). */
const SIGNATURES: Record<string, (head: Uint8Array) => boolean> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, ascii('GIF8')),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  'image/avif': (h) => startsWith(h, ascii('ftyp'), 4) && HEIF_BRANDS.has(String.fromCharCode(...h.slice(8, 12))),
  'image/tiff': (h) => startsWith(h, ascii('II*\0')) || startsWith(h, ascii('MM\0*')),
  'application/pdf': (h) => startsWith(h, ascii('%PDF')),
  'application/zip': (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
};

/**
 * Why the picked file's contents are not what it is named (a text file renamed .png, a Word
 * document renamed .pdf), read from its first bytes before anything is sent; null when they
 * are, or when a type it could be is not one we can tell by its bytes (the server decides).
 */
export async function contentProblem(file: File, accepted: AcceptedFiles): Promise<string | null> {
  const checks = accepted.types.map((t) => SIGNATURES[t.mime]);
  if (checks.some((check) => !check)) return null;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (checks.some((check) => check!(head))) return null;
  const what = accepted.noun === 'image' ? 'an image' : `a ${typeNames(accepted.types)} ${accepted.noun}`;
  return `“${file.name}” is not ${what}: its contents are not ${typeNames(accepted.types)}, whatever its name says. Please choose another file.`;
}
