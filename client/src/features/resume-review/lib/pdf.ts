import type { FileType } from '../../../lib/files';

/** Spec §5: only application/pdf. Some systems report no type at all; then the .pdf name decides (the server checks the bytes). */
export const PDF_TYPE: FileType = { mime: 'application/pdf', name: 'PDF', extensions: ['pdf'] };

/** Size in MB with two decimals, as the preview card shows it. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  // Two decimals, unless that would show a real file as 0.00 MB.
  return `${mb > 0 && mb < 0.01 ? mb.toFixed(3) : mb.toFixed(2)} MB`;
}
