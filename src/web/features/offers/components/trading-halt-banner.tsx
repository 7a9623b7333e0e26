import { tradingHaltedMessage, type TradingHalt } from '../../../../contract/trading-halt';
import { formatDateTime } from '../../../lib/format';

export const HALT_EXPLAINED =
  'No offer can be accepted until trading resumes. Open trades still close at their auto-close, stop-loss or expiry.';

/**
 * The kill switch as traders see it (issue #20): the same sentence every accept is refused with,
 * above the offers, for as long as the halt lasts. It appears and goes live, without a reload.
 */
export function TradingHaltBanner({ halt }: { halt: TradingHalt | undefined }) {
  if (!halt?.halted || halt.reason === null) return null;
  return (
    <section
      aria-label="Trading halted"
      className="mb-6 rounded-2xl border border-red-700 bg-red-950/60 p-4 text-sm text-red-100"
    >
      <p role="alert" className="font-semibold text-red-50" data-testid="trading-halt-message">
        {tradingHaltedMessage(halt.reason)}
      </p>
      <p className="mt-1">
        {HALT_EXPLAINED} Halted since {formatDateTime(halt.haltedAt)}.
      </p>
    </section>
  );
}
