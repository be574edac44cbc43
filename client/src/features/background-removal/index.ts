// Pieces the image tools share: object removal imports them from here.
export { DownloadImageButton } from './components/DownloadImageButton';
export { FileDetails } from './components/FileDetails';
export { ImageComparison } from './components/ImageComparison';
export { ImageFileField } from './components/ImageFileField';
export { isImageFile, formatMegabytes } from './lib/files';
export { useRememberedState } from './lib/rememberedState';
export { useObjectUrl } from './lib/useObjectUrl';
