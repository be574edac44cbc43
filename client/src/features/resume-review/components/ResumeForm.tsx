import { FileSearch, Sparkles } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
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
      <SubmitButton busy={busy} icon={FileSearch} busyLabel="Analyzing…">
        Analyze Resume
      </SubmitButton>
    </form>
  );
}
