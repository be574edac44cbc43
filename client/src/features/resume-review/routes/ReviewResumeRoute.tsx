import { useMutation } from '@apollo/client/react';
import { FileSearch } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { isUpgradeCode } from '../../billing';
import { useJob } from '../../jobs';
import { ReviewResumeMutation } from '../api/operations';
import { ResumeForm } from '../components/ResumeForm';
import { ResumeResult } from '../components/ResumeResult';
import { isPdf } from '../lib/pdf';
import { selectedResume } from '../lib/selectedResume';
import { revealResult } from '../../../lib/revealResult';


export function ReviewResumeRoute() {
  const { job, busy, run, cancel, reset } = useJob('resume-review');
  const [reviewResume] = useMutation(ReviewResumeMutation);
  const [file, setFile] = useState<File | null>(selectedResume.get);

  const resultRef = useRef<HTMLDivElement>(null);

  function pick(next: File) {
    if (!isPdf(next)) {
      toast.error('Please select a PDF file');
      return;
    }
    selectedResume.set(next);
    setFile(next);
    // A new file makes the previous feedback stale (spec §4).
    reset();
  }

  async function submit() {
    if (!file) {
      toast.error('Please select a resume file first');
      return;
    }
    revealResult(resultRef.current);
    const outcome = await run(
      async (context) => {
        const { data } = await reviewResume({ variables: { resume: file }, context });
        if (!data) throw new Error('The server did not start the job. Please try again.');
        return data.reviewResume;
      },
      { filename: file.name },
    );
    if (outcome.status === 'completed') toast.success('Resume analyzed successfully!');
    else if (outcome.status === 'failed' && outcome.error && !isUpgradeCode(outcome.error.code)) toast.error(outcome.error.message);
  }


  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<FileSearch aria-hidden className="size-5" />} title="Resume Review">
        Upload your resume as a PDF for feedback on its strengths, weaknesses and what to improve.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ResumeForm file={file} busy={busy} onPick={pick} onSubmit={submit} />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <ResumeResult job={job} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
