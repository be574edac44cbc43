import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { PDF_MIME } from '../lib/pdf';

interface Props {
  disabled: boolean;
  hasFile: boolean;
  /** Gets every picked or dropped file; the route decides whether it is a PDF. */
  onPick: (file: File) => void;
}

/** A PDF-only file input, also accepting a dropped file. The input itself stays focusable. */
export function ResumePicker({ disabled, hasFile, onPick }: Props) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function change(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    e.target.value = '';
    if (file) onPick(file);
  }

  function drop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = e.dataTransfer.files[0];
    if (file) onPick(file);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">Resume (PDF)</span>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors has-focus-visible:border-indigo-500 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500/40 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/50'}`}
      >
        <FileUp aria-hidden className="size-8 text-indigo-500" />
        <span className="text-sm font-medium text-slate-800">{hasFile ? 'Choose a different PDF' : 'Choose a PDF'} or drop it here</span>
        <span id={hintId} className="text-xs text-slate-500">
          PDF files only
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={PDF_MIME}
          disabled={disabled}
          onChange={change}
          aria-describedby={hintId}
          aria-label="Resume PDF file"
          className="sr-only"
        />
      </label>
    </div>
  );
}
