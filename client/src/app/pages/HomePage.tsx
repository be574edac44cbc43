import { Faq } from '../../features/landing/components/Faq';
import { Footer } from '../../features/landing/components/Footer';
import { HelpButton } from '../../features/landing/components/HelpButton';
import { Hero } from '../../features/landing/components/Hero';
import { LandingStyles } from '../../features/landing/components/LandingStyles';
import { ToolsGrid } from '../../features/landing/components/ToolsGrid';
import { TrustStrip } from '../../features/landing/components/TrustStrip';

export function HomePage() {
  return (
    <>
      <LandingStyles />
      <Hero />
      <TrustStrip />
      <ToolsGrid />
      <Faq />
      <Footer />
      <HelpButton />
    </>
  );
}
