import { countSentences, countWords } from '../../../lib/textStats';

/** Words, sentences and the length the user chose, under the finished article. */
export function ArticleStats({ text, lengthLabel }: { text: string; lengthLabel: string }) {
  const stats = [
    { label: 'Words', value: countWords(text).toLocaleString() },
    { label: 'Sentences', value: countSentences(text).toLocaleString() },
    { label: 'Length', value: lengthLabel },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {stats.map((s) => (
        <div key={s.label} className="rounded-lg bg-slate-50 px-2 py-2">
          <dt className="text-xs text-slate-500">{s.label}</dt>
          <dd className="font-semibold text-slate-900">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
