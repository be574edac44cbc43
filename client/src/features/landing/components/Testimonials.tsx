import { Quote, Star } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../../components/Avatar';
import { TESTIMONIALS, type Testimonial } from '../content/testimonials';
import { visibleCount, wrapIndex } from '../lib/carousel';
import { useCarouselDrag } from '../lib/useCarouselDrag';
import { startedFromPrerender } from '../../../lib/prerendered';
import { TestimonialControls } from './TestimonialControls';

function useVisibleCount() {
  // Prerendered HTML (and so hydration) shows one card, the phone's count; the effect sets the window's.
  const [count, setCount] = useState(() => (startedFromPrerender || typeof window === 'undefined' ? 1 : visibleCount(window.innerWidth)));
  useEffect(() => {
    const onResize = () => setCount(visibleCount(window.innerWidth));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return count;
}

function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <div className="flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
          {Array.from({ length: t.rating }, (_, i) => (
            <Star key={i} aria-hidden className="size-4 fill-amber-400 text-amber-400" />
          ))}
        </div>
        <Quote aria-hidden className="size-7 text-indigo-100" />
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">“{t.text}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar name={t.name} imageUrl={t.userImage} className="size-12" loading="lazy" />
        <span>
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-sm text-slate-500">
            {t.role}, {t.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * Spec §4: 1/2/3 cards by width; a drag past 50 px or faster than 500 px/s moves one card,
 * wrapping; dots jump. The first cards are repeated after the last so the window at the end
 * still shows `visible` cards.
 */
export function Testimonials() {
  const count = TESTIMONIALS.length;
  const visible = useVisibleCount();
  const [index, setIndex] = useState(0);
  const { dragX, dragging, viewportHandlers } = useCarouselDrag(count, setIndex);

  const slides = [...TESTIMONIALS, ...TESTIMONIALS.slice(0, visible - 1)];
  const go = (step: number) => setIndex((i) => wrapIndex(i, step, count));

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
    else return;
    e.preventDefault();
  }

  const shown = Array.from({ length: visible }, (_, k) => TESTIMONIALS[wrapIndex(index, k, count)]!.name);

  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <h2 id="testimonials-heading" className="text-sm font-bold tracking-[0.2em] text-indigo-600">
            TESTIMONIALS
          </h2>
          <p className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">Loved by creators and teams</p>
        </div>

        <div role="region" aria-roledescription="carousel" aria-label="Testimonials from creators and teams" onKeyDown={onKeyDown} className="mt-12">
          <div
            data-testid="carousel-viewport"
            {...viewportHandlers}
            className={`touch-pan-y overflow-hidden select-none [&_img]:pointer-events-none ${dragging ? 'cursor-grabbing' : 'cursor-grab'}`}
          >
            <ul
              className={`flex ${dragging ? '' : 'transition-transform duration-500 ease-out motion-reduce:transition-none'}`}
              style={{ transform: `translateX(calc(${(-index * 100) / visible}% + ${dragX}px))` }}
            >
              {slides.map((t, p) => {
                const inWindow = p >= index && p < index + visible;
                return (
                  <li
                    key={`${t.id}-${p}`}
                    aria-roledescription="slide"
                    aria-label={`${(p % count) + 1} of ${count}`}
                    aria-hidden={!inWindow}
                    inert={!inWindow}
                    className="shrink-0 px-2.5"
                    style={{ width: `${100 / visible}%` }}
                  >
                    <TestimonialCard t={t} />
                  </li>
                );
              })}
            </ul>
          </div>

          <TestimonialControls index={index} onStep={go} onSelect={setIndex} />
          <p aria-live="polite" className="sr-only">
            Showing {shown.join(', ')}
          </p>
        </div>
      </div>
    </section>
  );
}
