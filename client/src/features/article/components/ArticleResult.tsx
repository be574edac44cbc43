import { FileText } from 'lucide-react';
import { TextJobResult, type JobSnapshot } from '../../jobs';
import { ArticleStats } from './ArticleStats';

interface Props {
  job: JobSnapshot;
  lengthLabel: string;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, streaming, finished, or why it did not work. */
export function ArticleResult({ job, lengthLabel, onCancel, onUpgraded }: Props) {
  return (
    <TextJobResult
      job={job}
      onCancel={onCancel}
      onUpgraded={onUpgraded}
      id="article-result"
      icon={FileText}
      title="Generated article"
      copy={{ successMessage: 'Article copied to clipboard!', failureMessage: 'Failed to copy article' }}
      doneAnnouncement="Article ready."
      resultLabel="Article text"
      emptyHint="Enter a topic and click “Generate article” to get started."
      stats={<ArticleStats text={job.text} lengthLabel={lengthLabel} />}
      embeddedNote="Written by Atelier's built-in offline writer; for AI-written articles, set OPENAI_API_KEY (or an OpenAI-compatible OPENAI_BASE_URL) on the server."
    />
  );
}
