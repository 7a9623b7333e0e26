import { SectionCard } from '../../../components/ui/section-card';

/*
 * What the engine actually computes (the publication gate, src/server/research; the engine's own
 * setups, src/server/engine: success-rate.ts, heat.ts, progrev.ts), in plain words. Keep in step
 * with the engine when it changes.
 */
const DEFINITIONS: readonly { term: string; text: string }[] = [
  {
    term: 'Success rate and expected profit',
    text:
      'An offer is a position held by a strategy family that passes the publication gate. Its success rate is the share of that ' +
      "family's trades on the stored candles that ended with a net gain after fees and slippage, and its expected profit is " +
      'their mean net return per trade; the offer holds to its horizon without take-profit or stop-loss, as those trades did, ' +
      'and succeeds with a net gain there. The gate lets a family publish only when its deflated Sharpe ratio, its probability ' +
      'of backtest overfitting and the 95 % lower bound of its mean net return all pass (the Publication gate card).',
  },
  {
    term: "Success rate of an operator's bypass offer",
    text:
      'How often the same setup reached its take-profit before its stop-loss within its horizon, replayed at every past hour of ' +
      "the pair's own hourly candles: same pair, direction and horizon, in the same market state (trend, heat band, and whether " +
      'risk was high). Where that sample is thin, the rate is pulled toward the same market state traded both ways, and that ' +
      "toward the pair's rate for exits this wide at any hour; how hard it is pulled is estimated from how much such groups " +
      'really differ. Overlapping past trades count as fewer independent ones, and only trades whose horizon had ended before ' +
      'the analysed candle are used, so the figure never sees the future. Take-profit and stop-loss are multiples of the ATR, ' +
      'wider for longer horizons. The walk-forward backtest of the reliability chart and the Brier card replays this engine.',
  },
  {
    term: 'Heat score (0-100)',
    text:
      'How much is happening on the pair now, not which way it will go. A weighted blend of volume surge (25 %: the last ' +
      "hour's volume against its 7-day median, full at 3×), volatility expansion (20 %: ATR against its 7-day mean, full at " +
      '1.5×), momentum (20 %: RSI distance from 50 and the MACD histogram in ATRs), breakout (20 %: a close beyond the prior ' +
      '24-hour range or the Bollinger bands) and active triggers such as news or volume spikes (15 %). More of any input never ' +
      'lowers it. An offer is hot above 75.',
  },
  {
    term: 'Progrev score (0-1)',
    text:
      'The probability that the current move (the direction of the last 6 hours) progresses one more ATR before it reverses ' +
      "one ATR. A logistic regression fitted on the pair's own past hours whose 48-hour outcome is known. It is deliberately " +
      'held close to 0.5: out-of-sample checks found little that beats a coin flip here, so it moves away from 0.5 only as far ' +
      'as a whole window of evidence insists.',
  },
];

export function DefinitionsCard() {
  return (
    <SectionCard title="What the numbers mean">
      <dl className="space-y-4">
        {DEFINITIONS.map(({ term, text }) => (
          <div key={term}>
            <dt className="font-semibold text-white">{term}</dt>
            <dd className="mt-1 text-sm leading-relaxed text-slate-300">{text}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
