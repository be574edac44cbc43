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
  if (file.type !== '') return types.some((t) => t.mime === file.type);
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
