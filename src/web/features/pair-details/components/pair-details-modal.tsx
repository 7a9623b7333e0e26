import { InfoModal } from '../../../components/ui/info-modal';
import { serverErrorMessage } from '../../../lib/api-client';
import { PAIR_DETAILS_UNKNOWN_ERROR, usePairTicker } from '../api/get-pair-ticker';
import { pairDetailRows } from '../lib/pair-detail-rows';
import { PairFeedbackForm } from './pair-feedback-form';

export const PAIR_DETAILS_LOAD_ERROR = 'Failed to load pair details: ';

/**
 * Trader spec 2.7 'Pair Details: {pair}': the pair's ticker and signal figures from
 * GET /api/pairs/ticker/{pair}, and feedback on its live offer. The caller mounts it only while open.
 */
export function PairDetailsModal({ pair, onClose }: { pair: string; onClose: () => void }) {
  const ticker = usePairTicker(pair);

  return (
    <InfoModal title={`Pair Details: ${pair}`} onClose={onClose}>
      {ticker.isPending ? (
        <p role="status" className="py-6 text-center text-slate-300">
          Loading pair details...
        </p>
      ) : ticker.isError ? (
        <p role="alert" className="rounded-lg border border-red-800 bg-red-950/50 p-3 text-sm text-red-200">
          {PAIR_DETAILS_LOAD_ERROR + serverErrorMessage(ticker.error, PAIR_DETAILS_UNKNOWN_ERROR)}
        </p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {pairDetailRows(ticker.data).map(({ term, value, wide, prose }) => (
            <div
              key={term}
              className={`border-b border-slate-800 pb-2 ${wide ? 'sm:col-span-2' : ''} ${prose ? '' : 'flex items-baseline justify-between gap-4'}`}
            >
              <dt className="text-slate-400">{term}</dt>
              <dd className={prose ? 'mt-1 text-slate-100' : 'text-right font-medium text-slate-100'}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <PairFeedbackForm offerId={ticker.data?.offerId} />
    </InfoModal>
  );
}
