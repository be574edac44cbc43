import type { LucideIcon } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent, type Ref } from 'react';
import { acceptAttribute, acceptedHint, contentProblem, fileProblem, isZipFile, ZIP_FILE_TYPE, type AcceptedFiles } from '../lib/files';

interface Props {
  /** The visible name of the field, e.g. "Upload image". */
  label: string;
  /** The input's accessible name when it should differ from `label`. */
  inputLabel?: string;
  icon: LucideIcon;
  /** The call to action in the drop zone, e.g. "Choose an image". */
  choose: string;
  /** The types and size limit a file is checked against before it is handed on; null while unknown. */
  accepted: AcceptedFiles | null;
  /** The accept attribute and hint while `accepted` is unknown (the server still checks). */
  fallback: { accept: string; hint: string };
  disabled?: boolean;
  /** Gets only a file that passed the check. */
  onFile: (file: File) => void;
  /**
   * Given, the input takes several files or one zip of them: each is checked as one is (a zip
   * by its own type, within the same size limit), then several (or the zip) come here instead
   * of `onFile`, which still gets a single file. It returns why it refuses the set (too many,
   * a zip among pictures), said beside the field, or null.
   */
  onFiles?: (files: File[]) => string | null;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A real file input, visually a drop zone: clicking, Enter/Space on the focused input and
 * dropping a file all work. The hint names the accepted types and the size limit; a file of
 * another type (by its name or by its first bytes) or over the limit is refused here, with the
 * reason beside the field, so nothing is uploaded only to be refused by the server.
 */
export function FileDropField({ label, inputLabel, icon: Icon, choose, accepted, fallback, disabled = false, onFile, onFiles, ref }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function take(picked: File[]) {
    const files = onFiles ? picked : picked.slice(0, 1);
    let problem: string | null = null;
    for (const file of files) {
      const against = accepted && onFiles && isZipFile(file) ? { types: [ZIP_FILE_TYPE], maxBytes: accepted.maxBytes, noun: 'file' } : accepted;
      // The name and size first, then the first bytes: a file renamed to a taken type is caught here too.
      problem = against ? (fileProblem(file, against) ?? (await contentProblem(file, against))) : null;
      if (problem) break;
    }
    if (!problem && onFiles && (files.length > 1 || isZipFile(files[0]!))) problem = onFiles(files);
    else if (!problem) onFile(files[0]!);
    setError(problem);
  }

  function change(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    // Cleared so picking the same file again still counts as a new choice.
    e.target.value = '';
    if (files.length > 0) void take(files);
  }

  function drop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length > 0) void take(files);
  }

  const tone = dragging
    ? 'border-indigo-500 bg-indigo-50'
    : error
      ? 'border-red-400 bg-red-50/40 hover:border-red-500'
      : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/50';

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
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${tone}`}
      >
        <Icon aria-hidden className="size-7 text-indigo-500" />
        <span className="text-sm font-medium text-slate-800">
          {!inputLabel && <span className="sr-only">{label}: </span>}
          {choose}
          <span className="font-normal text-slate-500"> or drop {onFiles ? 'them' : 'it'} here</span>
        </span>
        <input
          ref={ref}
          id={id}
          type="file"
          multiple={Boolean(onFiles)}
          accept={accepted ? acceptAttribute(onFiles ? [...accepted.types, ZIP_FILE_TYPE] : accepted.types) : fallback.accept}
          disabled={disabled}
          onChange={change}
          aria-label={inputLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className="sr-only"
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <p id={hintId} className="text-xs text-slate-500">
        {/* The types and the limit on their own, then what several files do. */}
        <span>{accepted ? acceptedHint(accepted) : fallback.hint}</span>
        {onFiles && <span> · Several {accepted?.noun ?? 'file'}s at once, or a zip of them, make a batch.</span>}
      </p>
    </div>
  );
}
