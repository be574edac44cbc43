// Small facts about picked files, shared by the image tools.

/** Spec §2: the preview shows the file's size in MB. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The picker accepts any image type (spec §5); a drop or a lax OS dialog can still hand us something else. */
export function isImageFile(file: File): boolean {
  return file.type === '' ? /\.(png|jpe?g|webp|gif|avif|tiff?|bmp|heic|heif|svg)$/i.test(file.name) : file.type.startsWith('image/');
}

/** Image types the server reads, for the picker's hint. */
export const SUPPORTED_IMAGE_TYPES_HINT = 'PNG, JPEG, WebP, GIF, AVIF or TIFF';
