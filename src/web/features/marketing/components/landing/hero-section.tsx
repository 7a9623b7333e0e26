import { LinkButton } from '../link-button';
import { PageContainer } from '../page-container';

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-slate-800">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(249,115,22,0.18),transparent_60%)]"
      />
      <PageContainer className="relative py-16 text-center sm:py-24">
        <p className="mb-4 text-sm font-semibold uppercase tracking-widest text-orange-400">
          Crypto trading signals you can check
        </p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
          Scalp Smarter with <span className="text-orange-500">HeatSignal</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          HeatSignal scores spot pairs by how much is happening right now, backtests every setup on the
          pair&apos;s own history, and hands you concrete offers with a success rate, risk level and expected
          profit. Accepted offers trade automatically — on paper by default.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          {signedIn ? (
            <LinkButton to="/dashboard">Go to Dashboard</LinkButton>
          ) : (
            <LinkButton to="/auth">Get Started</LinkButton>
          )}
          <LinkButton to="/pricing" variant="secondary">
            View Pricing
          </LinkButton>
          <LinkButton to="/track-record" variant="secondary">
            View Track Record
          </LinkButton>
        </div>
      </PageContainer>
    </section>
  );
}
