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
  ref?: Ref<HTMLInputElement>;
}

/** The image tools' picker: the image types and size limit are the server's (the uploadLimits query). */
export function ImageFileField({ label, disabled = false, hasFile, onFile, ref }: Props) {
  const limits = useUploadLimits();
  return (
    <FileDropField
      ref={ref}
      label={label}
      icon={ImageUp}
      choose={hasFile ? 'Choose another image' : 'Choose an image'}
      accepted={limits && { types: limits.imageTypes, maxBytes: limits.maxBytes, noun: 'image' }}
      fallback={{ accept: 'image/*', hint: 'Image files' }}
      disabled={disabled}
      onFile={onFile}
    />
  );
}
