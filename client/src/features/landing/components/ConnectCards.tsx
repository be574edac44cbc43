import { ArrowUpRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useInView } from '../../../lib/useInView';
import { CARD_REVEAL_THRESHOLD } from '../constants';
import { useSocialLinks, type SocialLink } from '../content/socialLinks';
import { FallbackImage } from '../../../components/FallbackImage';
import { LoopMedia } from './LoopMedia';
import { SOCIAL_ICONS } from './SocialIcons';

/** Spec §4: a card appears once 20 % of it is on screen; its animation starts only after that, and pauses off screen. */
function ConnectCard({ link, order }: { link: SocialLink; order: number }) {
  const [ref, inView] = useInView<HTMLLIElement>({ threshold: CARD_REVEAL_THRESHOLD });
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (inView) setRevealed(true);
  }, [inView]);
  const Icon = SOCIAL_ICONS[link.id];

  return (
    <li
      ref={ref}
      data-revealed={revealed}
      style={{ transitionDelay: revealed ? `${order * 90}ms` : undefined }}
      className={`transition duration-700 ease-out motion-reduce:transition-none ${revealed ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0 motion-reduce:translate-y-0 motion-reduce:opacity-100'}`}
    >
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
      >
        <div className="h-32" style={{ backgroundColor: link.color }}>
          <LoopMedia active={revealed && inView} className="flex size-full items-center justify-center">
            <FallbackImage
              src={`/media/social/${link.id}.webp`}
              width={240}
              height={120}
              loading="lazy"
              decoding="async"
              className="atelier-loop size-full object-contain p-2"
              fallback={
                <span data-testid="media-fallback" className="flex size-14 items-center justify-center rounded-2xl bg-white/20 text-white ring-1 ring-white/40">
                  <Icon className="size-7" />
                </span>
              }
            />
          </LoopMedia>
        </div>
        <div className="flex flex-1 flex-col p-5">
          <p className="text-xs font-bold tracking-widest uppercase" style={{ color: link.color }}>
            {link.name}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{link.title}</h3>
          <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{link.description}</p>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-slate-900 group-hover:text-indigo-700">
            {link.instruction} <ArrowUpRight aria-hidden className="size-4" />
          </span>
        </div>
      </a>
    </li>
  );
}

/** Spec §2 'CONNECT WITH US': one card per account the deployment names (none named: no section). */
export function ConnectCards() {
  const links = useSocialLinks();
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="connect-heading" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <h2 id="connect-heading" className="text-sm font-bold tracking-[0.2em] text-indigo-600">
            CONNECT WITH US
          </h2>
          <p className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">Follow along as Atelier grows</p>
        </div>
        <ul className={`mt-12 grid gap-5 sm:grid-cols-2 ${links.length === 4 ? 'lg:grid-cols-4' : links.length === 3 ? 'lg:grid-cols-3' : ''}`}>
          {links.map((link, i) => (
            <ConnectCard key={link.id} link={link} order={i} />
          ))}
        </ul>
      </div>
    </section>
  );
}
