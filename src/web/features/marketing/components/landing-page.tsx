import { ClosingCta } from './landing/closing-cta';
import { FeaturesSection } from './landing/features-section';
import { HeroSection } from './landing/hero-section';
import { HottestOpportunities } from './landing/hottest-opportunities';
import { HowItWorksSection } from './landing/how-it-works-section';
import { useSignedIn } from './landing/use-signed-in';

export function LandingPage() {
  const signedIn = useSignedIn();
  return (
    <>
      <HeroSection signedIn={signedIn} />
      <FeaturesSection />
      <HottestOpportunities />
      <HowItWorksSection />
      <ClosingCta signedIn={signedIn} />
    </>
  );
}
