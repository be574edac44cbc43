// The testimonials carousel's controls: previous, one dot per testimonial, next.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { TESTIMONIALS } from '../content/testimonials';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Previous and next move one card (`onStep`, wrapping); a dot jumps to its testimonial (`onSelect`); the current one is marked. */
export function TestimonialControls({ index, onStep, onSelect }: { index: number; onStep: (step: number) => void; onSelect: (index: number) => void }) {
  return (
    <div className="mt-8 flex items-center justify-center gap-4">
      <button
        type="button"
        onClick={() => onStep(-1)}
        aria-label="Previous testimonial"
        className={`rounded-full border border-slate-300 bg-white p-2 text-slate-700 hover:border-indigo-300 hover:text-indigo-700 ${focusRing}`}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <div className="flex items-center">
        {TESTIMONIALS.map((t, i) => (
          <button
            key={t.id}
            type="button"
            onClick={() => onSelect(i)}
            aria-label={`Go to testimonial ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            className={`flex size-6 items-center justify-center rounded-full ${focusRing}`}
          >
            <span aria-hidden className={`h-2 rounded-full transition-all motion-reduce:transition-none ${i === index ? 'w-5 bg-indigo-600' : 'w-2 bg-slate-300'}`} />
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={() => onStep(1)}
        aria-label="Next testimonial"
        className={`rounded-full border border-slate-300 bg-white p-2 text-slate-700 hover:border-indigo-300 hover:text-indigo-700 ${focusRing}`}
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </div>
  );
}
