import { Hash, Sparkles } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import { useId, type FormEvent } from 'react';
import type { BlogCategory } from '../../../gql/graphql';
import { CategoryChips } from './CategoryChips';

interface Props {
  keyword: string;
  category: BlogCategory;
  busy: boolean;
  onKeywordChange: (keyword: string) => void;
  onCategoryChange: (category: BlogCategory) => void;
  onSubmit: () => void;
}

export function BlogTitlesForm({ keyword, category, busy, onKeywordChange, onCategoryChange, onSubmit }: Props) {
  const keywordId = useId();
  const hintId = useId();
  const blank = keyword.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!blank && !busy) onSubmit();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden className="size-5 text-indigo-600" />
        AI Title Generator
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={keywordId} className="text-sm font-medium text-slate-700">
          Keyword
        </label>
        <input
          id={keywordId}
          value={keyword}
          onChange={(e) => onKeywordChange(e.target.value)}
          placeholder="The future of artificial intelligence"
          maxLength={100}
          required
          aria-describedby={hintId}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40"
        />
        <p id={hintId} className="text-xs text-slate-500">
          A word or short phrase your post is about.
        </p>
      </div>
      <CategoryChips value={category} onChange={onCategoryChange} disabled={busy} />
      <SubmitButton busy={busy} disabled={blank} icon={Hash} busyLabel="Generating…">
        Generate Titles
      </SubmitButton>
    </form>
  );
}
