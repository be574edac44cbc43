import { ArrowUpRight } from 'lucide-react';
import { SOCIAL_BANNER_SECONDS } from '../constants';
import { useSocialLinks } from '../content/socialLinks';
import { SOCIAL_ICONS } from './SocialIcons';

/** One pass of the calls to action; `copy` repeats it for the loop, hidden from assistive tech and the tab order. */
function Row({ copy = false }: { copy?: boolean }) {
  const links = useSocialLinks();
  return (
    <>
      {links.map((s) => {
        const Icon = SOCIAL_ICONS[s.id];
        return (
          <li key={s.id} aria-hidden={copy ? true : undefined} className="flex shrink-0 items-center px-3">
            <a
              href={s.url}
              target="_blank"
              rel="noopener noreferrer"
              tabIndex={copy ? -1 : undefined}
              className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white ring-1 ring-white/20 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Icon className="size-4" />
              {s.instruction}
              <ArrowUpRight aria-hidden className="size-4 opacity-70" />
            </a>
          </li>
        );
      })}
    </>
  );
}

/**
 * Spec §2: a scrolling banner of social-follow calls to action, one pass every 25 s; still
 * under reduced motion. Only for the accounts the deployment names: none, no banner.
 */
export function SocialBanner() {
  if (useSocialLinks().length === 0) return null;
  return (
    <section aria-label="Follow Atelier" className="atelier-marquee-wrap overflow-hidden bg-gradient-to-r from-indigo-600 via-violet-600 to-fuchsia-600 py-4">
      {/* Four passes moved by half the width: a seamless loop wider than any screen. Only the first pass is read out. */}
      <ul className="atelier-marquee flex w-max" data-testid="social-banner-track" style={{ animationDuration: `${SOCIAL_BANNER_SECONDS}s` }}>
        <Row />
        <Row copy />
        <Row copy />
        <Row copy />
      </ul>
    </section>
  );
}
