import { ImageUp } from 'lucide-react';
import type { Ref } from 'react';
import { useUploadLimits } from '../lib/uploadLimits';
import { FileDropField } from './FileDropField';

interface Props {
  /** The visible name of the field, e.g. "Upload image". */
  label: string;
  disabled?: boolean;
  /** Whether a file is already chosen: the drop zone then offers to replace it. */
  hasFile: boolean;
  /** Gets only an image of a type the server reads and within its size limit. */
  onFile: (file: File) => void;
  /**
   * Given, the field also takes several images or one zip of them (a batch: docs/batches.md),
   * each checked as one image is; it returns why it refuses the set, or null.
   */
  onFiles?: (files: File[]) => string | null;
  ref?: Ref<HTMLInputElement>;
}

/** The image tools' picker: the image types and size limit are the server's (the uploadLimits query). */
export function ImageFileField({ label, disabled = false, hasFile, onFile, onFiles, ref }: Props) {
  const limits = useUploadLimits();
  return (
    <FileDropField
      ref={ref}
      label={label}
      icon={ImageUp}
      choose={onFiles ? (hasFile ? 'Choose other images' : 'Choose images') : hasFile ? 'Choose another image' : 'Choose an image'}
      accepted={limits && { types: limits.imageTypes, maxBytes: limits.maxBytes, noun: 'image' }}
      fallback={onFiles ? { accept: 'image/*,.zip', hint: 'Image files.' } : { accept: 'image/*', hint: 'Image files' }}
      disabled={disabled}
      onFile={onFile}
      onFiles={onFiles}
    />
  );
}
