import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { FallbackImage } from '../../../components/FallbackImage';
import { FAQ_INITIAL_COUNT } from '../constants';

const FAQS = [
  {
    q: 'What can I create with Atelier?',
    a: 'Articles, blog titles and images from a prompt, plus background and object removal on your photos and detailed feedback on your resume — all from one account.',
  },
  {
    q: 'Do I need an account to use the tools?',
    a: 'Yes. Sign up for free to unlock the studio; your creations are saved to your dashboard so you can come back to them at any time.',
  },
  {
    q: 'Is there a free plan?',
    a: 'The free plan lets you try the writing tools with a monthly allowance. Premium unlocks every tool with full access.',
  },
  {
    q: 'Who owns what I generate?',
    a: 'You do. Everything you create is yours to use, and images stay private unless you choose to publish them to the community.',
  },
  {
    q: 'How is my data protected?',
    a: 'Uploads are processed securely and only used to produce your result. See our Security and Privacy pages for the details.',
  },
  {
    q: 'Can I cancel or change my plan later?',
    a: 'Yes, you can switch plans at any time from your account; changes apply right away.',
  },
];

export function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const visible = showAll ? FAQS : FAQS.slice(0, FAQ_INITIAL_COUNT);

  return (
    <section aria-labelledby="faq-heading" className="bg-white px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-col items-center text-center">
          {/* Spec §8: if the illustration cannot load, a simpler one takes its place. */}
          <FallbackImage
            src="/media/faq/faq.webp"
            width={120}
            height={96}
            loading="lazy"
            className="mb-4 h-24 w-[120px]"
            fallback={<FallbackImage src="/media/faq/faq-alt.webp" width={96} height={96} className="mb-4 size-24" fallback={null} />}
          />
          <h2 id="faq-heading" className="text-sm font-bold tracking-[0.2em] text-indigo-600">
            FAQ
          </h2>
          <p className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Frequently asked questions</p>
        </div>
        <ul className="mt-10 space-y-3">
          {visible.map((item, i) => {
            const open = openIndex === i;
            return (
              <li key={item.q} className={`rounded-2xl border transition-colors ${open ? 'border-indigo-200 bg-indigo-50/50' : 'border-slate-200 bg-white'}`}>
                <h3>
                  <button
                    type="button"
                    id={`faq-q-${i}`}
                    aria-expanded={open}
                    aria-controls={`faq-a-${i}`}
                    onClick={() => setOpenIndex(open ? null : i)}
                    className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    {item.q}
                    <ChevronDown
                      aria-hidden
                      className={`size-5 shrink-0 text-slate-400 transition-transform motion-reduce:transition-none ${open ? 'rotate-180 text-indigo-600' : ''}`}
                    />
                  </button>
                </h3>
                <div id={`faq-a-${i}`} role="region" aria-labelledby={`faq-q-${i}`} hidden={!open} className="px-5 pb-5 text-slate-600">
                  {item.a}
                </div>
              </li>
            );
          })}
        </ul>
        {!showAll && (
          <div className="mt-8 text-center">
            <button
              type="button"
              onClick={() => setShowAll(true)}
              className="rounded-full border border-slate-300 bg-white px-6 py-2.5 font-semibold text-slate-700 shadow-sm hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              View All FAQs
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
