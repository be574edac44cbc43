// The feedback page's side column: the support email and a few numbers about feedback.
import { Clock, Mail, Star, Users } from 'lucide-react';
import { SUPPORT_EMAIL } from '../lib/feedback';
import { cardClass } from './ui';

const STATS = [
  { icon: Users, value: '2,400+', label: 'Responses read' },
  { icon: Star, value: '4.8 / 5', label: 'Average rating' },
  { icon: Clock, value: '< 24 h', label: 'Typical reply' },
];

/** "Prefer email?" with the support address, and the responses, rating and reply-time figures. */
export function FeedbackAside() {
  return (
    <aside className="space-y-6">
      <div className={cardClass}>
        <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
          <Mail aria-hidden className="size-5" />
        </span>
        <h2 className="mt-4 font-semibold text-slate-900">Prefer email?</h2>
        <p className="mt-1 text-sm text-slate-600">Write to us any time and we'll reply within a day.</p>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-2 inline-block text-sm font-medium break-all text-indigo-600 hover:text-indigo-500">
          {SUPPORT_EMAIL}
        </a>
      </div>
      <ul className={`${cardClass} grid grid-cols-3 gap-3 lg:grid-cols-1`}>
        {STATS.map(({ icon: Icon, value, label }) => (
          <li key={label} className="flex flex-col items-center text-center lg:flex-row lg:gap-3 lg:text-left">
            <Icon aria-hidden className="size-5 text-indigo-500" />
            <div>
              <p className="mt-1 text-base font-bold text-slate-900 lg:mt-0">{value}</p>
              <p className="text-xs text-slate-500">{label}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
