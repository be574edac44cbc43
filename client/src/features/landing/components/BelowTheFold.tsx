import { ConnectCards } from './ConnectCards';
import { Faq } from './Faq';
import { OurPlans } from './OurPlans';
import { SocialBanner } from './SocialBanner';
import { Testimonials } from './Testimonials';

/**
 * The landing sections under the tool cards, loaded as their own chunk right after the
 * first render: they are never in the first viewport, so the first download stays small.
 */
export function BelowTheFold() {
  return (
    <>
      <SocialBanner />
      <Testimonials />
      <Faq />
      <OurPlans />
      <ConnectCards />
    </>
  );
}
