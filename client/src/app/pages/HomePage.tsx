import { ConnectCards } from '../../features/landing/components/ConnectCards';
import { Faq } from '../../features/landing/components/Faq';
import { Footer } from '../../features/landing/components/Footer';
import { HelpButton } from '../../features/landing/components/HelpButton';
import { Hero } from '../../features/landing/components/Hero';
import { LandingStyles } from '../../features/landing/components/LandingStyles';
import { OurPlans } from '../../features/landing/components/OurPlans';
import { SocialBanner } from '../../features/landing/components/SocialBanner';
import { Testimonials } from '../../features/landing/components/Testimonials';
import { ToolsGrid } from '../../features/landing/components/ToolsGrid';
import { TrustStrip } from '../../features/landing/components/TrustStrip';

export function HomePage() {
  return (
    <>
      <LandingStyles />
      <Hero />
      <TrustStrip />
      <ToolsGrid />
      <SocialBanner />
      <Testimonials />
      <Faq />
      <OurPlans />
      <ConnectCards />
      <Footer />
      <HelpButton />
    </>
  );
}
