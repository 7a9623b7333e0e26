import { useId, type FormEvent, type ReactNode } from 'react';
import type { Offer } from '../../../../contract/offers';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { formatDateTime, formatDecimal, formatPercent, formatPositionType } from '../../../lib/format';
import type { AcceptFormErrors, AcceptFormValues } from '../lib/accept-form';
import { Modal } from './modal';
import { RiskBadge, StatusBadge, formatLeverage, formatVolume } from './offer-cells';

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
        <Detail term="Pair">{offer.pair}</Detail>
        <Detail term="Position Type">{formatPositionType(offer.positionType)}</Detail>
        <Detail term="Expected Profit">{formatPercent(offer.expectedProfitPercent)}</Detail>
        <Detail term="Risk Level">
          <RiskBadge risk={offer.riskLevel} />
        </Detail>
        <Detail term="Success Rate">{formatPercent(offer.successRate)}</Detail>
        <Detail term="Heat Score">{formatDecimal(offer.heatScore)}</Detail>
        <Detail term="Status">
          <StatusBadge status={offer.status} />
        </Detail>
        <Detail term="Created At">{formatDateTime(offer.createdAt)}</Detail>
        <Detail term="Expiration">{formatDateTime(offer.expiration)}</Detail>
        <Detail term="Volume">{formatVolume(offer.volume)}</Detail>
        <Detail term="Leverage">{formatLeverage(offer.leverage)}</Detail>
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

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-800 pb-2">
      <dt className="text-slate-400">{term}</dt>
      <dd className="text-right font-medium text-slate-100">{children}</dd>
    </div>
  );
}
