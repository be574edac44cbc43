import { ArrowRight, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth';
import { useInView } from '../../../lib/useInView';
import { TOOL_MEDIA_ROOT_MARGIN, TOOL_MEDIA_THRESHOLD } from '../constants';
import { FallbackImage } from '../../../components/FallbackImage';
import { LoopMedia } from './LoopMedia';
import { Modal } from './Modal';
import { TOOLS } from '../../../tools/catalogue';

type Tool = (typeof TOOLS)[number]['card'] & { path: string };

/** The landing cards (product §2), one per tool in the catalogue. */
const CARDS: Tool[] = TOOLS.map((t) => ({ ...t.card, path: t.path }));

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Spec §3: media paths derive from the lowercase title with spaces removed. */
const mediaSlug = (title: string) => title.toLowerCase().replace(/\s+/g, '');

/** The card's looping illustration: plays only while the card is on screen (product §2: 0.15, 100 px below). */
function ToolMedia({ tool }: { tool: Tool }) {
  const [ref, inView] = useInView<HTMLDivElement>({ threshold: TOOL_MEDIA_THRESHOLD, rootMargin: TOOL_MEDIA_ROOT_MARGIN });
  const Icon = tool.icon;
  return (
    <div ref={ref} className={`h-36 bg-gradient-to-br ${tool.gradient}`}>
      <LoopMedia active={inView} className="flex size-full items-center justify-center">
        <div
          aria-hidden
          className="absolute inset-0 opacity-30 [background-image:radial-gradient(circle_at_20%_20%,white_0,transparent_40%),radial-gradient(circle_at_80%_70%,white_0,transparent_35%)]"
        />
        <FallbackImage
          src={`/media/tools/${mediaSlug(tool.title)}.webp`}
          width={320}
          height={144}
          loading="lazy"
          decoding="async"
          className="atelier-loop relative size-full object-contain p-2"
          fallback={
            <span data-testid="media-fallback" className="relative flex size-16 items-center justify-center rounded-2xl bg-white/20 text-white ring-1 ring-white/40 backdrop-blur">
              <Icon aria-hidden className="size-8" />
            </span>
          }
        />
      </LoopMedia>
    </div>
  );
}

export function ToolsGrid() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [lockedOpen, setLockedOpen] = useState(false);

  return (
    <section aria-labelledby="tools-heading" className="px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <h2 id="tools-heading" className="text-sm font-bold tracking-[0.2em] text-indigo-600">
            EXPLORE OUR AI TOOLS
          </h2>
          <p className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">Everything you need to create, in one studio</p>
          <p className="mx-auto mt-4 max-w-2xl text-slate-600">
            Write, design and polish with {COUNT_WORDS[CARDS.length] ?? CARDS.length} focused tools that share one account and one history.
          </p>
        </div>

        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map((tool) => {
            return (
              <li key={tool.path}>
                <button
                  type="button"
                  onClick={() => (user ? navigate(tool.path) : setLockedOpen(true))}
                  className="group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-slate-900/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
                >
                  <ToolMedia tool={tool} />
                  <div className="flex flex-1 flex-col p-6">
                    <h3 className="text-lg font-semibold text-slate-900">{tool.title}</h3>
                    <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{tool.description}</p>
                    <span className={`mt-5 inline-flex items-center gap-1.5 text-sm font-semibold ${user ? 'text-indigo-600' : 'text-slate-500'}`}>
                      {user ? (
                        <>
                          Access Tool <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
                        </>
                      ) : (
                        <>
                          <Lock aria-hidden className="size-4" /> Login Required
                        </>
                      )}
                    </span>
                  </div>
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <Modal open={lockedOpen} title="Content is Locked" onClose={() => setLockedOpen(false)}>
        <div className="mt-4 flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <Lock aria-hidden className="size-7" />
          </span>
          <p className="mt-4 text-slate-600">Please login to access our professional AI tools suite.</p>
          <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={() => setLockedOpen(false)}
              className="flex-1 rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Close
            </button>
            <Link
              to="/sign-in"
              className="flex-1 rounded-full bg-indigo-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Sign In
            </Link>
          </div>
        </div>
      </Modal>
    </section>
  );
}
