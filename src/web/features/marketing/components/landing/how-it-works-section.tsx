import { PageContainer, SectionHeading } from '../page-container';

const STEPS = [
  {
    title: 'Analyze Markets',
    body: 'HeatSignal watches spot pairs on the exchange, builds candles and computes indicators, heat, trend and risk for each pair.',
  },
  {
    title: 'Receive Offers',
    body: 'When heat, success rate and expected profit pass the thresholds, you get an offer with entry, take-profit, stop-loss and an expiry.',
  },
  {
    title: 'Auto-Trade',
    body: 'Accept an offer with your entry amount: a position opens at market and closes automatically at your profit target or the signal’s exit. Paper trading is the default.',
  },
  {
    title: 'Manage Funds',
    body: 'Deposit by card, follow your balance and trade history, tip the platform, and request withdrawals that an administrator approves.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" className="border-t border-slate-800 py-20">
      <PageContainer>
        <SectionHeading id="how-title" title="How It Works" />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-700 bg-slate-800/40 p-6">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-orange-500/15 font-bold text-orange-400"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{step.body}</p>
            </li>
          ))}
        </ol>
      </PageContainer>
    </section>
  );
}
