import { FileSearch } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useToolRun } from '../../jobs';
import { ReviewResumeMutation } from '../api/operations';
import { ResumeForm } from '../components/ResumeForm';
import { ResumeResult } from '../components/ResumeResult';
import { selectedResume } from '../lib/selectedResume';
import { ToolEngineNote } from '../../engines';

const OPTIONS = { uploads: true, success: 'Resume analyzed successfully!' };

export function ReviewResumeRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun('resume-review', ReviewResumeMutation, 'reviewResume', OPTIONS);
  const [file, setFile] = useState<File | null>(selectedResume.get);

  // The picker hands on only a PDF within the size limit (it says why it refused anything else).
  function pick(next: File) {
    selectedResume.set(next);
    setFile(next);
    // A new file makes the previous feedback stale (product §4).
    reset();
  }

  function submit() {
    if (!file) {
      notify.error('Please select a resume file first');
      return;
    }
    void start({ resume: file }, { filename: file.name });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<FileSearch aria-hidden className="size-5" />} title="Resume Review">
        Upload your resume as a PDF for feedback on its strengths, weaknesses and what to improve.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <ResumeForm file={file} busy={busy} onPick={pick} onSubmit={submit} />
          <ToolEngineNote kind="text" />
        </div>
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <ResumeResult job={job} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
