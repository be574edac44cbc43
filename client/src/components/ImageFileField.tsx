import { ImageUp } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent, type Ref } from 'react';
import { SUPPORTED_IMAGE_TYPES_HINT } from '../lib/files';

interface Props {
  /** The visible name of the field, e.g. "Upload image". */
  label: string;
  disabled?: boolean;
  /** Whether a file is already chosen: the drop zone then offers to replace it. */
  hasFile: boolean;
  onFile: (file: File) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The image picker (accepts any image type, spec §5): a real file input, visually a drop zone.
 * Clicking, Enter/Space on the focused input and dropping a file all work.
 */
export function ImageFileField({ label, disabled = false, hasFile, onFile, ref }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [dragging, setDragging] = useState(false);

  function change(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Cleared so picking the same file again still counts as a new choice.
    e.target.value = '';
    if (file) onFile(file);
  }

  function drop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700" aria-hidden>
        {label}
      </span>
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/50'}`}
      >
        <ImageUp aria-hidden className="size-7 text-indigo-500" />
        <span className="text-sm font-medium text-slate-800">
          <span className="sr-only">{label}: </span>
          {hasFile ? 'Choose another image' : 'Choose an image'}
          <span className="font-normal text-slate-500"> or drop it here</span>
        </span>
        <input
          ref={ref}
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          onChange={change}
          aria-describedby={hintId}
          className="sr-only"
        />
      </label>
      <p id={hintId} className="text-xs text-slate-500">
        {SUPPORTED_IMAGE_TYPES_HINT}
      </p>
    </div>
  );
}
