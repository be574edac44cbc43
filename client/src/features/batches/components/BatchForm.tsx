import { useId, useState } from 'react';
import { MAX_PICTURES, newStep, type Step } from '../lib/recipes';
import { RecipeEditor } from './RecipeEditor';

/** Many pictures (or a zip of them) and the recipe they go through. */
export function BatchForm({ busy, onSubmit }: { busy: boolean; onSubmit: (files: File[], steps: Step[]) => void }) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [steps, setSteps] = useState<Step[]>([newStep('background-removal')]);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (files.length === 0) return setProblem('Please select pictures or a zip of them.');
        if (files.length > MAX_PICTURES) return setProblem(`At most ${MAX_PICTURES} pictures at once.`);
        if (steps.some((s) => s.tool === 'object-removal' && !String(s.options.object ?? '').trim())) return setProblem('Please enter the object to remove.');
        setProblem(null);
        onSubmit(files, steps);
      }}
    >
      <label htmlFor={`${id}-files`} className="text-sm font-medium text-slate-800">
        Pictures (up to {MAX_PICTURES}, or one zip)
      </label>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/tiff,.zip,application/zip"
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setFiles([...(e.target.files ?? [])])}
        disabled={busy}
      />
      {files.length > 0 && <p className="text-sm text-slate-600">{files.length === 1 ? files[0]!.name : `${files.length} files`} selected</p>}
      <RecipeEditor steps={steps} onChange={setSteps} disabled={busy} />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      )}
      <button type="submit" className="self-start rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50" disabled={busy}>
        {busy ? 'Starting…' : 'Start batch'}
      </button>
    </form>
  );
}
