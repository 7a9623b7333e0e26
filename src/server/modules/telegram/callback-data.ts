/**
 * What an offer message's buttons carry back when pressed (Telegram allows 1-64 bytes): the step,
 * the offer and the entry in cents, e.g. `a:<offer uuid>:10000` (51 bytes at most). The entry
 * travels with the button so that the confirmation and the accept are of the amount the trader
 * was shown, even if their preferences change in between.
 */
import { isUuid } from '../../shared/uuid';

/** `accept`: the first press, which asks; `confirm` accepts; `cancel` puts the offer back. */
export type OfferButtonStep = 'accept' | 'confirm' | 'cancel';

export interface OfferButton {
  step: OfferButtonStep;
  offerId: string;
  entryCents: number;
}

const PREFIX: Record<OfferButtonStep, string> = { accept: 'a', confirm: 'c', cancel: 'x' };
const STEP_OF = new Map(Object.entries(PREFIX).map(([step, prefix]) => [prefix, step as OfferButtonStep]));
/** An entry above this (ten million dollars) is no button of ours. */
const MAX_ENTRY_CENTS = 1_000_000_000;

export function encodeOfferButton(button: OfferButton): string {
  return `${PREFIX[button.step]}:${button.offerId}:${button.entryCents}`;
}

/** The button, or null for data that is not one of ours (an old or forged press). */
export function parseOfferButton(data: string | undefined): OfferButton | null {
  const match = /^([acx]):([0-9a-f-]{36}):(\d{1,10})$/.exec(data ?? '');
  if (!match) return null;
  const [, prefix, offerId, cents] = match as unknown as [string, string, string, string];
  const entryCents = Number(cents);
  const step = STEP_OF.get(prefix);
  if (!step || !isUuid(offerId) || entryCents < 1 || entryCents > MAX_ENTRY_CENTS) return null;
  return { step, offerId, entryCents };
}
