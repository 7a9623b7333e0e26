import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AcceptOfferResponse, Offer } from '../../../../contract/offers';
import { serverErrorMessage } from '../../../lib/api-client';
import { ACCEPT_FAILED, useAcceptOffer } from '../api/accept-offer';
import { REJECT_FAILED, useRejectOffer } from '../api/reject-offer';
import {
  acceptFormDefaults,
  parseAcceptForm,
  type AcceptFormErrors,
  type AcceptFormValues,
} from '../lib/accept-form';
import { REJECT_CONFIRMATION, tradeOpenedMessage } from '../lib/offer-messages';

/**
 * The screen's accept and reject flow: which offer's modal is open, the accept form (shared by
 * every opening, as the spec resets it only after an accept), and the two calls with their toasts.
 * `autoCloseDefault` is the trader's saved default auto-close percent, once loaded.
 */
export function useOfferActions(autoCloseDefault: number | undefined) {
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const [selected, setSelected] = useState<Offer | null>(null);
  // null until the trader types: until then the form follows the defaults, the preference included.
  const [typed, setTyped] = useState<AcceptFormValues | null>(null);
  const [errors, setErrors] = useState<AcceptFormErrors>({});
  // The server's refusal, also shown inside the modal: the modal covers the toasts.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [lastAccepted, setLastAccepted] = useState<AcceptOfferResponse | null>(null);
  const values = typed ?? acceptFormDefaults(autoCloseDefault);

  const open = (offer: Offer) => {
    setErrors({});
    setRefusal(null);
    setSelected(offer);
  };
  const close = () => {
    setErrors({});
    setRefusal(null);
    setSelected(null);
  };
  const change = (next: AcceptFormValues) => {
    setTyped(next);
    setErrors({});
  };

  const acceptSelected = () => {
    if (!selected || accept.isPending) return;
    const parsed = parseAcceptForm(values);
    setRefusal(null);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    accept.mutate(
      { offerId: selected.id, input: parsed.input },
      {
        onSuccess: (result) => {
          toast.success('Offer accepted successfully');
          toast.info(tradeOpenedMessage(result));
          setLastAccepted(result);
          // Trader spec 4: back to entry amount 100 and the default auto-close.
          setTyped(null);
          // The offer has left this trader's list; its modal would only offer a second accept.
          setSelected(null);
        },
        onError: (error) => {
          const message = serverErrorMessage(error, ACCEPT_FAILED);
          toast.error(message);
          setRefusal(message);
        },
      },
    );
  };

  const rejectOffer = (offer: Offer) => {
    if (reject.isPending || !window.confirm(REJECT_CONFIRMATION)) return;
    reject.mutate(offer.id, {
      onSuccess: () => {
        toast.success('Offer rejected successfully');
        if (selected?.id === offer.id) close();
      },
      onError: (error) => {
        const message = serverErrorMessage(error, REJECT_FAILED);
        toast.error(message);
        if (selected?.id === offer.id) setRefusal(message);
      },
    });
  };

  const busyOfferId = accept.isPending
    ? (accept.variables?.offerId ?? null)
    : reject.isPending
      ? (reject.variables ?? null)
      : null;

  return {
    selected,
    values,
    errors,
    refusal,
    lastAccepted,
    busyOfferId,
    accepting: accept.isPending,
    rejecting: reject.isPending,
    open,
    close,
    change,
    acceptSelected,
    rejectOffer,
  };
}
