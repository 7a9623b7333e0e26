import { useId, type FormEvent } from 'react';
import type { Offer } from '../../../../contract/offers';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { formatDateTime, formatDecimal, formatPercent, formatPositionType } from '../../../lib/format';
import type { AcceptFormErrors, AcceptFormValues } from '../lib/accept-form';
import { Modal } from '../../../components/ui/modal';
import { RiskBadge, StatusBadge, formatLeverage, formatVolume } from './offer-cells';
import { DetailRow } from '../../../components/ui/detail-row';

interface OfferDetailsModalProps {
  offer: Offer;
  values: AcceptFormValues;
  errors: AcceptFormErrors;
  /** The server's answer to a refused accept or reject. */
  refusal: string | null;
  onChange: (values: AcceptFormValues) => void;
  onAccept: () => void;
  onReject: () => void;
  onClose: () => void;
  accepting: boolean;
  rejecting: boolean;
}

/** Trader spec 2.7's offer-details modal: the offer's figures, the accept inputs, Accept / Reject / Close. */
export function OfferDetailsModal(props: OfferDetailsModalProps) {
  const { offer, values, errors, onChange, accepting, rejecting } = props;
  const formId = useId();
  const busy = accepting || rejecting;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) props.onAccept();
  };

  return (
    <Modal
      title={`${offer.pair} · ${formatPositionType(offer.positionType)}`}
      onClose={props.onClose}
      footer={
        <>
          <Button type="submit" form={formId} disabled={busy} aria-busy={accepting || undefined}>
            {accepting ? 'Processing...' : 'Accept'}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            aria-busy={rejecting || undefined}
            onClick={props.onReject}
          >
            Reject
          </Button>
          <Button variant="secondary" onClick={props.onClose}>
            Close
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <DetailRow term="Pair">{offer.pair}</DetailRow>
        <DetailRow term="Position Type">{formatPositionType(offer.positionType)}</DetailRow>
        <DetailRow term="Expected Profit">{formatPercent(offer.expectedProfitPercent)}</DetailRow>
        <DetailRow term="Risk Level">
          <RiskBadge risk={offer.riskLevel} />
        </DetailRow>
        <DetailRow term="Success Rate">{formatPercent(offer.successRate)}</DetailRow>
        <DetailRow term="Heat Score">{formatDecimal(offer.heatScore)}</DetailRow>
        <DetailRow term="Status">
          <StatusBadge status={offer.status} />
        </DetailRow>
        <DetailRow term="Created At">{formatDateTime(offer.createdAt)}</DetailRow>
        <DetailRow term="Expiration">{formatDateTime(offer.expiration)}</DetailRow>
        <DetailRow term="Volume">{formatVolume(offer.volume)}</DetailRow>
        <DetailRow term="Leverage">{formatLeverage(offer.leverage)}</DetailRow>
      </dl>
      <div className="mt-4 rounded-lg border border-slate-700 bg-slate-800/60 p-3 text-sm">
        <p className="font-medium text-slate-300">AI Comments</p>
        <p className="mt-1 whitespace-pre-line text-slate-200">{offer.aiComments.summary || 'N/A'}</p>
      </div>
      <form
        id={formId}
        noValidate
        aria-label="Accept offer"
        onSubmit={submit}
        className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <FormField id={`${formId}-amount`} label="Entry Amount ($)" error={errors.entryAmount}>
          {(describedBy) => (
            <input
              id={`${formId}-amount`}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              placeholder="100"
              value={values.entryAmount}
              onChange={(event) => onChange({ ...values, entryAmount: event.target.value })}
              aria-invalid={errors.entryAmount ? true : undefined}
              aria-describedby={describedBy}
              className={inputClassName}
            />
          )}
        </FormField>
        <FormField
          id={`${formId}-auto-close`}
          label="Auto-Close Profit Percent (%)"
          error={errors.autoCloseProfitPercent}
          hint="The trade closes once its profit after fees reaches this percent."
        >
          {(describedBy) => (
            <input
              id={`${formId}-auto-close`}
              type="number"
              step="any"
              min="0"
              inputMode="decimal"
              placeholder="5"
              value={values.autoCloseProfitPercent}
              onChange={(event) => onChange({ ...values, autoCloseProfitPercent: event.target.value })}
              aria-invalid={errors.autoCloseProfitPercent ? true : undefined}
              aria-describedby={describedBy}
              className={inputClassName}
            />
          )}
        </FormField>
      </form>
      {props.refusal ? (
        <p
          role="alert"
          data-testid="offer-refusal"
          className="mt-4 rounded-lg border border-red-800 bg-red-950/50 p-3 text-sm text-red-200"
        >
          {props.refusal}
        </p>
      ) : null}
    </Modal>
  );
}
