import { Star } from 'lucide-react';
import { useState } from 'react';
import { RATINGS } from '../lib/feedback';

/** 1–5 stars as a radio group, with the emoji and label of the hovered or chosen rating. */
export function StarRating({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  const current = RATINGS.find((r) => r.value === shown);
  return (
    <div className="flex flex-col items-center gap-3">
      <div role="radiogroup" aria-label="Rating" className="flex items-center gap-1 sm:gap-2" onMouseLeave={() => setHover(0)}>
        {RATINGS.map((r) => {
          const active = r.value <= shown;
          return (
            <button
              key={r.value}
              type="button"
              role="radio"
              aria-checked={value === r.value}
              aria-label={`${r.value} star${r.value > 1 ? 's' : ''}: ${r.label}`}
              onMouseEnter={() => setHover(r.value)}
              onFocus={() => setHover(r.value)}
              onBlur={() => setHover(0)}
              onClick={() => onChange(r.value)}
              className="rounded-lg p-1 transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Star aria-hidden className={`size-8 sm:size-10 ${active ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300'}`} />
            </button>
          );
        })}
      </div>
      <p className="flex h-8 items-center gap-2 text-sm font-medium text-slate-700" aria-live="polite">
        {current ? (
          <>
            <span aria-hidden className="text-2xl leading-none">
              {current.emoji}
            </span>
            {current.label}
          </>
        ) : (
          <span className="text-slate-500">Tap a star to rate</span>
        )}
      </p>
    </div>
  );
}
