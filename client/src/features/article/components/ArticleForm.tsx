import { Sparkles } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import { useId, type FormEvent } from 'react';
import type { ArticleLength } from '../../../gql/graphql';
import { EngineNote, type UseEngine } from '../../engines';
import { ArticleAdvanced, DEFAULT_ARTICLE_ADVANCED, type ArticleAdvancedValues } from './ArticleAdvanced';
import { LengthChips } from './LengthChips';

interface Props {
  topic: string;
  length: ArticleLength;
  busy: boolean;
  onTopicChange: (topic: string) => void;
  onLengthChange: (length: ArticleLength) => void;
  onSubmit: () => void;
  /** The text engine: the note under the form, and which advanced options show (none while unknown). */
  engine?: UseEngine;
  advanced?: ArticleAdvancedValues;
  onAdvancedChange?: (values: ArticleAdvancedValues) => void;
}

const NO_ENGINE: UseEngine = { engine: null, has: () => false };

export function ArticleForm({
  topic,
  length,
  busy,
  onTopicChange,
  onLengthChange,
  onSubmit,
  engine = NO_ENGINE,
  advanced = DEFAULT_ARTICLE_ADVANCED,
  onAdvancedChange = () => {},
}: Props) {
  const topicId = useId();
  const blank = topic.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!blank && !busy) onSubmit();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden className="size-5 text-indigo-600" />
        Article Configuration
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={topicId} className="text-sm font-medium text-slate-700">
          Article topic
        </label>
        <input
          id={topicId}
          value={topic}
          onChange={(e) => onTopicChange(e.target.value)}
          placeholder="The future of artificial intelligence is…"
          maxLength={200}
          required
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40"
        />
      </div>
      <LengthChips value={length} onChange={onLengthChange} disabled={busy} />
      <ArticleAdvanced values={advanced} onChange={onAdvancedChange} has={engine.has} disabled={busy} />
      <SubmitButton busy={busy} disabled={blank} icon={Sparkles} busyLabel="Generating…">
        Generate article
      </SubmitButton>
      <EngineNote kind="text" engine={engine.engine} />
    </form>
  );
}
