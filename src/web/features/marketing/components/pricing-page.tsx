import { Link } from 'react-router';
import { PageContainer } from './page-container';
import { PlanCard } from './pricing/plan-card';
import { PLANS } from './pricing/plans';
import { PricingFaq } from './pricing/pricing-faq';

export function PricingPage() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">Pricing</h1>
        <p className="mt-4 text-lg text-slate-300">
          Simple plans. Start free, upgrade when the signals earn their keep.
        </p>
        <p className="mt-3 text-slate-400">
          Judge the signals first: every offer HeatSignal has published, and how it ended, is in the public{' '}
          <Link to="/track-record" className="font-semibold text-orange-400 hover:text-orange-300">
            track record
          </Link>
          .
        </p>
      </header>
      <ul className="mt-14 grid gap-8 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </ul>
      <PricingFaq />
    </PageContainer>
  );
}
