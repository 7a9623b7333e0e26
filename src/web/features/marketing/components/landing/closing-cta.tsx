import { LinkButton } from '../link-button';
import { PageContainer } from '../page-container';

export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="py-20">
      <PageContainer>
        <div className="rounded-2xl border border-orange-500/30 bg-gradient-to-br from-slate-800 to-slate-900 px-6 py-14 text-center">
          <h2 id="cta-title" className="text-3xl font-bold text-white">
            {signedIn ? 'Your signals are waiting' : 'Try the signals before you trust them'}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-slate-300">
            {signedIn
              ? 'Open your dashboard to see the hottest pairs and the latest offers.'
              : 'Create an account, accept your first offer and follow how it plays out. Trades run on paper by default, so you can judge the signals without risking money.'}
          </p>
          <div className="mt-8">
            {signedIn ? (
              <LinkButton to="/dashboard">Go to Dashboard</LinkButton>
            ) : (
              <LinkButton to="/auth">Sign Up Now</LinkButton>
            )}
          </div>
        </div>
      </PageContainer>
    </section>
  );
}
