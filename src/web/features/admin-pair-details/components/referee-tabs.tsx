import type { DailyReferee, TickerReferee } from '../../../../contract/admin-pair-details';
import { capitalize } from '../../../lib/format';
import { DetailRow } from '../../../components/ui/detail-row';
import { adminFormat } from '../../../lib/admin-format';

type Rows = [string, string][];

function Figures({ label, rows, note }: { label: string; rows: Rows; note: string }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-400">{note}</p>
      <dl aria-label={label} className="space-y-2 text-sm">
        {rows.map(([term, value]) => (
          <DetailRow key={term} term={term}>
            {value}
          </DetailRow>
        ))}
      </dl>
    </div>
  );
}

const reading = (r: TickerReferee | DailyReferee): Rows => [
  ['Trend', capitalize(r.trend)],
  ['Risk', capitalize(r.risk)],
  ['Risk Score', adminFormat.score(r.riskScore)],
];

const source = (r: TickerReferee | DailyReferee) =>
  `From the latest completed analysis (${adminFormat.date(r.completedAt)}). The engine forms one trend and risk reading per run; this tab shows the figures of its`;

/** The referee on the short-term (24 h, minute-refreshed) figures. */
export function TickerRefereeTab({ referee }: { referee: TickerReferee | null }) {
  if (!referee) return <p className="text-slate-400">No ticker referee data for this pair</p>;
  return (
    <Figures
      label="Ticker referee figures"
      note={`${source(referee)} short horizon.`}
      rows={[
        ...reading(referee),
        ['Comment', adminFormat.text(referee.comment)],
        ['Price', adminFormat.price(referee.price)],
        ['RSI (14)', adminFormat.score(referee.rsi14)],
        ['MACD', adminFormat.price(referee.macd)],
        ['MACD Signal', adminFormat.price(referee.macdSignal)],
        ['MACD Histogram', adminFormat.price(referee.macdHistogram)],
        ['EMA 20', adminFormat.price(referee.ema20)],
        ['EMA 50', adminFormat.price(referee.ema50)],
        ['ATR %', adminFormat.percentage(referee.atrPercent)],
        ['Relative Volume', adminFormat.score(referee.relativeVolume)],
        ['24h High', adminFormat.price(referee.high24h)],
        ['24h Low', adminFormat.price(referee.low24h)],
        ['24h Change %', adminFormat.percentage(referee.change24hPercent)],
      ]}
    />
  );
}

/** The referee on the long (hourly, 7-day) figures. */
export function DailyRefereeTab({ referee }: { referee: DailyReferee | null }) {
  if (!referee) return <p className="text-slate-400">No daily referee data for this pair</p>;
  return (
    <Figures
      label="Daily referee figures"
      note={`${source(referee)} 7-day horizon.`}
      rows={[
        ...reading(referee),
        ['7D Change %', adminFormat.percentage(referee.change7d)],
        ['7D Volume (USD)', adminFormat.money(referee.volume7d)],
        ['7D Volatility %', adminFormat.percentage(referee.volatility7d)],
      ]}
    />
  );
}
