/**
 * An offer's buttons: 'Accept $X' asks, 'Confirm' accepts, 'Cancel' puts the offer back. Confirm
 * goes through the trading service's accept, the call POST /api/offers/:id/accept makes, with an
 * idempotency key of the chat and the offer: the kill switch, the guardrails, the plan's monthly
 * limit and the balance all judge it, and pressing Confirm twice (or Telegram delivering the press
 * twice) opens one trade; the second press is told it was already accepted.
 *
 * A refusal's claim is given back (the idempotency key answers only a trade, or an order that
 * failed): the trader may press again once the reason is gone (a deposit, a new month).
 */
import { createHash } from 'node:crypto';
import type { AcceptOfferResponse, Offer } from '../../../contract/offers';
import { ORDER_CHECK_TEXT } from '../../../contract/trades';
import { HttpError } from '../../http/errors';
import type { InlineKeyboardMarkup, TgCallbackQuery } from '../../providers/telegram';
import type { OfferButton } from './callback-data';
import type { TelegramContext } from './telegram-context';
import {
  acceptKeyboard,
  confirmKeyboard,
  confirmQuestion,
  originalText,
  tradeOpenedText,
  withAnswer,
  withQuestion,
} from './telegram-messages';

/** What pressing a button does: a short answer (the button stops spinning) and the message's new state. */
export interface PressOutcome {
  answer: string;
  edit?: { text: string; reply_markup?: InlineKeyboardMarkup };
}

export const PRESS_WORDS = {
  unavailable: 'This offer is no longer available.',
  alreadyAccepted: 'Already accepted: this offer opened one trade.',
  inFlight: 'Still accepting this offer…',
  otherAmount: 'You already answered this offer with another amount.',
  failed: 'Something went wrong; nothing was accepted. Try again in a moment.',
  cancelled: 'Cancelled.',
};

const isLive = (offer: Offer, now: Date) =>
  (offer.status === 'open' || offer.status === 'hot') && Date.parse(offer.expiration) > now.getTime();

/** Telegram shows at most 200 characters in a button's answer. */
const short = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

export function createTelegramAccept(ctx: TelegramContext) {
  function opened(response: AcceptOfferResponse, original: string, already: boolean): PressOutcome {
    const { trade } = response;
    const said = trade.orderCheck
      ? `${tradeOpenedText(trade)}. ${ORDER_CHECK_TEXT}.`
      : tradeOpenedText(trade);
    return {
      answer: already ? PRESS_WORDS.alreadyAccepted : short(said),
      edit: { text: withAnswer(original, already ? `${PRESS_WORDS.alreadyAccepted} ${said}` : said) },
    };
  }

  function refused(reason: string, status: number, original: string, button: OfferButton): PressOutcome {
    // The offer is gone or acted on: no button to press again. Otherwise, once the reason is gone.
    const final = status === 404 || status === 409;
    return {
      answer: short(`Not accepted: ${reason}`),
      edit: {
        text: withAnswer(original, `Not accepted: ${reason}`),
        ...(!final && { reply_markup: acceptKeyboard(button.offerId, button.entryCents) }),
      },
    };
  }

  async function confirm(
    userId: string,
    chatId: string,
    button: OfferButton,
    original: string,
  ): Promise<PressOutcome> {
    const scope = { userId, key: `telegram:${chatId}:${button.offerId}` };
    const requestHash = createHash('sha256')
      .update(`telegram accept ${button.offerId} ${button.entryCents}`)
      .digest('hex');
    const claim = await ctx.ledger.idempotency.claim(scope, requestHash);
    if (claim.kind === 'mismatch') return { answer: PRESS_WORDS.otherAmount };
    if (claim.kind === 'in_flight') return { answer: PRESS_WORDS.inFlight };
    if (claim.kind === 'replay') {
      if (claim.statusCode < 300) return opened(claim.response as AcceptOfferResponse, original, true);
      const reason = (claim.response as { error?: string } | null)?.error ?? PRESS_WORDS.failed;
      return refused(reason, claim.statusCode, original, button);
    }
    try {
      const response = await ctx.trading.accept(
        userId,
        button.offerId,
        { entryAmount: button.entryCents / 100 },
        scope,
      );
      return opened(response, original, false);
    } catch (error) {
      // Only an unanswered claim goes: an order that failed stored its answer with its refund.
      await ctx.ledger.idempotency.release(scope).catch(() => undefined);
      if (error instanceof HttpError && error.statusCode < 500)
        return refused(error.message, error.statusCode, original, button);
      if (error instanceof HttpError && error.statusCode === 502)
        return refused(error.message, 502, original, button);
      ctx.log.error({ err: error, userId, offerId: button.offerId }, 'an accept from Telegram failed');
      return { answer: PRESS_WORDS.failed };
    }
  }

  return {
    /** The press of one of an offer message's buttons, by the trader whose chat it is. */
    async press(query: TgCallbackQuery, userId: string, button: OfferButton): Promise<PressOutcome> {
      const chatId = String(query.message?.chat.id);
      const original = originalText(query.message?.text ?? '');
      if (button.step === 'confirm') return confirm(userId, chatId, button, original);
      const offer = await ctx.offers.get(button.offerId);
      if (!offer || !isLive(offer, ctx.now()))
        return {
          answer: PRESS_WORDS.unavailable,
          edit: { text: withAnswer(original, PRESS_WORDS.unavailable) },
        };
      if (button.step === 'cancel')
        return {
          answer: PRESS_WORDS.cancelled,
          edit: { text: original, reply_markup: acceptKeyboard(offer.id, button.entryCents) },
        };
      return {
        answer: '',
        edit: {
          text: withQuestion(original, confirmQuestion(offer, button.entryCents)),
          reply_markup: confirmKeyboard(offer.id, button.entryCents),
        },
      };
    },
  };
}
