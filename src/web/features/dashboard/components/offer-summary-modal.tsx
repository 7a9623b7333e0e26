import type { Offer } from '../../../../contract/offers';
import { InfoModal } from '../../../components/ui/info-modal';
import {
  NOT_AVAILABLE,
  capitalize,
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatPositionType,
} from '../../../lib/format';
import { DetailRow } from '../../../components/ui/detail-row';

/** The dashboard's read-only 'Offer Details' (trader spec 2.6); accepting is the offers screen's. */
export function OfferSummaryModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  return (
    <InfoModal title="Offer Details" onClose={onClose}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <DetailRow term="Pair">{offer.pair}</DetailRow>
        <DetailRow term="Position Type">{formatPositionType(offer.positionType)}</DetailRow>
        <DetailRow term="Expected Profit">{formatPercent(offer.expectedProfitPercent)}</DetailRow>
        <DetailRow term="Risk Level">{capitalize(offer.riskLevel)}</DetailRow>
        <DetailRow term="Success Rate">{formatPercent(offer.successRate)}</DetailRow>
        <DetailRow term="Heat Score">{formatDecimal(offer.heatScore)}</DetailRow>
        <DetailRow term="Status">{capitalize(offer.status)}</DetailRow>
        <DetailRow term="Created At">{formatDateTime(offer.createdAt)}</DetailRow>
        <div className="border-b border-slate-800 pb-2 sm:col-span-2">
          <dt className="text-slate-400">AI Comments</dt>
          <dd className="mt-1 whitespace-pre-line text-slate-100">
            {offer.aiComments.summary.trim() || NOT_AVAILABLE}
          </dd>
        </div>
      </dl>
    </InfoModal>
  );
}
