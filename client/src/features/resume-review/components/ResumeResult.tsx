import { FileSearch } from 'lucide-react';
import { TextJobResult, type JobSnapshot, type StepLabels } from '../../jobs';

/** Spec §2: the loading steps read Reading, Analyzing, Generating. */
const STEP_LABELS: StepLabels = { ANALYZING: 'Reading', PROCESSING: 'Analyzing', FINALIZING: 'Generating' };

interface Props {
  job: JobSnapshot;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, analyzing (with its steps), the feedback, or why it did not work. */
export function ResumeResult({ job, onCancel, onUpgraded }: Props) {
  return (
    <TextJobResult
      job={job}
      onCancel={onCancel}
      onUpgraded={onUpgraded}
      id="resume-result"
      icon={FileSearch}
      title="Analysis Results"
      labels={STEP_LABELS}
      doneAnnouncement="Resume feedback ready."
      resultLabel="Resume feedback"
      emptyHint="Upload your resume and click “Analyze Resume” to get feedback."
      embeddedNote="Reviewed by Atelier's built-in rule-based reviewer; for an AI review, set OPENAI_API_KEY on the server."
    />
  );
}
