import { countWords } from '../../../lib/textStats';
import { countTitles } from '../lib/countTitles';

/** Titles, words and the category the user chose, under the finished list. */
export function BlogTitlesStats({ text, categoryLabel }: { text: string; categoryLabel: string }) {
  const stats = [
    { label: 'Titles', value: countTitles(text).toLocaleString() },
    { label: 'Words', value: countWords(text).toLocaleString() },
    { label: 'Category', value: categoryLabel },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {stats.map((s) => (
        <div key={s.label} className="min-w-0 rounded-lg bg-slate-50 px-2 py-2">
          <dt className="text-xs text-slate-500">{s.label}</dt>
          <dd className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900 sm:text-base">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
