import { PageContainer, SectionHeading } from '../page-container';
import { BoltIcon, GridIcon, LockIcon } from './feature-icons';

const FEATURES = [
  {
    title: 'AI-Powered Signals',
    Icon: BoltIcon,
    body: 'Each offer comes from RSI, MACD, EMA, Bollinger and ATR readings, a backtest of the same setup on the pair’s own history and a small learned model. The success rate is calibrated and the AI summary explains the figures behind it.',
  },
  {
    title: 'Real-Time Heatmap',
    Icon: GridIcon,
    body: 'Heat scores from 0 to 100 blend volume surges, volatility expansion, momentum and breakouts. The map updates live as new candles and analyses arrive, so you see where the market is moving first.',
  },
  {
    title: 'Secure Transactions',
    Icon: LockIcon,
    body: 'Balances are kept in a double-entry ledger, card payments go through a card provider, and every withdrawal waits for an administrator’s approval before any money leaves the platform.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section aria-labelledby="why-title" className="py-20">
      <PageContainer>
        <SectionHeading
          id="why-title"
          title="Why HeatSignal"
          lead="Numbers you can check, not hype: every score is computed from market data and explained."
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-700 bg-slate-800/60 p-6">
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-orange-500/15 text-orange-400">
                <feature.Icon />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-white">{feature.title}</h3>
              <p className="mt-3 text-sm leading-relaxed text-slate-300">{feature.body}</p>
            </li>
          ))}
        </ul>
      </PageContainer>
    </section>
  );
}
