import { FileUp } from 'lucide-react';
import { FileDropField } from '../../../components/FileDropField';
import { useUploadLimits } from '../../../lib/uploadLimits';
import { PDF_TYPE } from '../lib/pdf';

interface Props {
  disabled: boolean;
  hasFile: boolean;
  /** Gets only a PDF within the server's size limit; anything else is refused beside the field. */
  onPick: (file: File) => void;
}

const TYPES = [PDF_TYPE];

/** A PDF-only file input, also accepting a dropped file; the size limit is the server's (the uploadLimits query). */
export function ResumePicker({ disabled, hasFile, onPick }: Props) {
  const maxBytes = useUploadLimits()?.maxBytes ?? null;
  return (
    <FileDropField
      label="Resume (PDF)"
      inputLabel="Resume PDF file"
      icon={FileUp}
      choose={hasFile ? 'Choose a different PDF' : 'Choose a PDF'}
      accepted={{ types: TYPES, maxBytes, noun: 'file' }}
      fallback={{ accept: PDF_TYPE.mime, hint: 'PDF' }}
      disabled={disabled}
      onFile={onPick}
    />
  );
}
