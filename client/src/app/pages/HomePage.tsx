import { Suspense } from 'react';
import { Hero } from '../../features/landing/components/Hero';
import { LandingStyles } from '../../features/landing/components/LandingStyles';
import { ToolsGrid } from '../../features/landing/components/ToolsGrid';
import { TrustStrip } from '../../features/landing/components/TrustStrip';
import { lazyNamed } from '../../lib/lazyNamed';

// Social banner, testimonials, FAQ, plans and social cards: requested with the first render, not in the first download.
const BelowTheFold = lazyNamed(() => import('../../features/landing/components/BelowTheFold'), 'BelowTheFold');

/** The landing page's sections; the layout puts the help button and the footer after them. */
export function HomePage() {
  return (
    <>
      <LandingStyles />
      <Hero />
      <TrustStrip />
      <ToolsGrid />
      {/* The placeholder keeps the footer far below while the chunk arrives, so nothing in view moves. */}
      <Suspense fallback={<div aria-busy="true" className="min-h-[300vh]" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
