import { Hash } from 'lucide-react';
import { TextJobResult, type JobSnapshot } from '../../jobs';
import { countTitles } from '../lib/countTitles';
import { BlogTitlesStats } from './BlogTitlesStats';

interface Props {
  job: JobSnapshot;
  categoryLabel: string;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, streaming, finished, or why it did not work. */
export function BlogTitlesResult({ job, categoryLabel, onCancel, onUpgraded }: Props) {
  return (
    <TextJobResult
      job={job}
      onCancel={onCancel}
      onUpgraded={onUpgraded}
      id="blog-titles-result"
      icon={Hash}
      title="Generated Titles"
      copy={{ successMessage: 'Blog titles copied to clipboard!', failureMessage: 'Failed to copy titles' }}
      doneAnnouncement={`Titles ready: ${countTitles(job.text)} titles.`}
      resultLabel="Generated blog titles"
      emptyHint="Enter a keyword and click “Generate Titles” to get started."
      stats={<BlogTitlesStats text={job.text} categoryLabel={categoryLabel} />}
      embeddedNote="Written by Atelier's built-in offline writer; for AI-written titles, set OPENAI_API_KEY (or an OpenAI-compatible OPENAI_BASE_URL) on the server."
    />
  );
}
