import { BadgeCheck } from 'lucide-react';
import { useId } from 'react';
import { TOOLS } from '../../../tools/catalogue';

/** Beside the sign-in and sign-up forms: what an account gives, tool by tool. */
export function AuthPerks({ className = '' }: { className?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-6 text-white shadow-xl shadow-indigo-900/20 sm:p-8 ${className}`}
    >
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-fuchsia-400/30 blur-3xl" />
      <h2 id={headingId} className="relative text-xl font-semibold sm:text-2xl">
        What you get with Atelier
      </h2>
      <p className="relative mt-2 text-sm leading-6 text-indigo-100 sm:text-base">{TOOLS.length} AI tools for writing and images in one studio — free ones from day one.</p>
      <ul className="relative mt-6 grid gap-2.5 sm:grid-cols-2 lg:grid-cols-1">
        {TOOLS.map(({ slot, plan, card: { title, icon: Icon } }) => (
          <li key={slot} className="flex items-center gap-3 rounded-xl bg-white/10 px-3 py-2.5 ring-1 ring-white/15">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <Icon aria-hidden className="size-4" />
            </span>
            <span className="min-w-0 flex-1 text-sm font-medium">{title}</span>
            <span className="shrink-0 rounded-full bg-white/15 px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase">{plan === 'FREE' ? 'Free' : 'Premium'}</span>
          </li>
        ))}
      </ul>
      <p className="relative mt-6 flex items-start gap-2 text-sm text-indigo-50">
        <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        Premium free for 14 days, no credit card needed. Cancel anytime.
      </p>
    </section>
  );
}
