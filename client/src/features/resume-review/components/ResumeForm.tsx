import { FileSearch, LoaderCircle, Sparkles } from 'lucide-react';
import type { FormEvent } from 'react';
import { ResumePicker } from './ResumePicker';
import { ResumePreview } from './ResumePreview';

interface Props {
  file: File | null;
  busy: boolean;
  onPick: (file: File) => void;
  onSubmit: () => void;
}

export function ResumeForm({ file, busy, onPick, onSubmit }: Props) {
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden className="size-5 text-indigo-600" />
        Your Resume
      </h2>
      <ResumePicker disabled={busy} hasFile={file !== null} onPick={onPick} />
      {file && <ResumePreview file={file} />}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <FileSearch aria-hidden className="size-4" />}
        {busy ? 'Analyzing…' : 'Analyze Resume'}
      </button>
    </form>
  );
}
