import { Link } from 'react-router';

const FAQ = [
  {
    q: 'Does HeatSignal trade with real money?',
    a: 'Not by default. HeatSignal runs in paper-trading mode: when you accept an offer, the trade is filled at the current market price with a simulated fee and slippage, and no order reaches an exchange. Live trading only happens if the operator of the installation connects an exchange account and switches it on explicitly.',
  },
  {
    q: 'What fees apply to trades?',
    a: 'In paper trading a taker fee of 0.26 % is charged on each side of a trade (on entry and on exit), so your results reflect what a real exchange would cost. There is no platform fee on trades beyond optional tips; an automatic tip is taken only from profitable trades, at the percentage of the profit you set in your settings (5 % unless you change it).',
  },
  {
    q: 'How do deposits and withdrawals work?',
    a: 'Deposits are charged to your card through our card payment provider; we never see or store your full card number. Withdrawals are held as pending until an administrator approves them. If a withdrawal is rejected, the held funds go straight back to your available balance.',
  },
  {
    q: 'How reliable are the success rates?',
    a: 'Each success rate is measured by backtesting the same setup on the pair’s own price history and is calibrated, so a 60 % signal should succeed about 60 % of the time on data the model has not seen. It is a statistic, not a promise: markets change and past results do not guarantee future ones.',
  },
  {
    q: 'Can I host HeatSignal myself?',
    a: 'Yes. HeatSignal is self-hostable: a single process with an embedded database runs out of the box, and you can point it at PostgreSQL and Redis and add worker processes when it needs to grow. The Enterprise plan includes help with that.',
  },
  {
    q: 'Is HeatSignal financial advice?',
    a: 'No. HeatSignal computes signals from market data and shows you the figures behind them; you decide whether to accept an offer and you are responsible for your trading decisions.',
  },
] as const;

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq-title" className="text-center text-3xl font-bold text-white">
        Frequently Asked Questions
      </h2>
      <dl className="mt-10 divide-y divide-slate-800">
        {FAQ.map((item) => (
          <div key={item.q} className="py-6">
            <dt className="text-lg font-semibold text-white">{item.q}</dt>
            <dd className="mt-2 leading-relaxed text-slate-300">{item.a}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-center text-slate-400">
        Another question?{' '}
        <Link to="/contact" className="font-semibold text-orange-400 hover:text-orange-300">
          Contact us
        </Link>
        .
      </p>
    </section>
  );
}
