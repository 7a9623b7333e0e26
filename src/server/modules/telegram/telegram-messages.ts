/**
 * What the bot says, as plain text (no parse mode, so nothing a pair or a reason holds can break a
 * message) with its inline buttons. Pure: the words are tested without a bot.
 */
import type { Offer } from '../../../contract/offers';
import type { Trade } from '../../../contract/trades';
import type { InlineKeyboardMarkup } from '../../providers/telegram';
import { encodeOfferButton } from './callback-data';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const price = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const words = (text: string) => text.replaceAll('_', ' ');
const signedPercent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`;

/** The entry as the button shows it: whole dollars stay whole ("$100"). */
export const entryLabel = (cents: number) =>
  cents % 100 === 0 ? `$${price.format(cents / 100)}` : usd.format(cents / 100);

export const HELP_UNLINKED =
  'This is the HeatSignal bot. To get your offers here, open HeatSignal → Settings → Telegram, ' +
  'press "Link Telegram" and send me /start followed by the code shown there.';

export const HELP_LINKED = [
  'Commands:',
  '/offers: the live offers that match your preferences, with an Accept button',
  '/balance: your available and held balance',
  '/trades: your open trades and the last ones closed',
  '/help: this list',
  'New offers and your notifications arrive here as your notification preferences say; unlink in Settings.',
].join('\n');

/** An offer in the words of the bell's notification (notification-words.ts): title, then figures. */
export function offerText(offer: Offer): string {
  return (
    `New offer: ${offer.pair}\n` +
    `${offer.pair} ${words(offer.positionType)}: heat ${Math.round(offer.heatScore)}, ` +
    `success ${offer.successRate.toFixed(0)}%, expected ${signedPercent(offer.expectedProfitPercent)}, ` +
    `${words(offer.riskLevel)} risk`
  );
}

/** A notification as a message: its title, its words and where it leads in the app. */
export function notificationText(
  notification: { title: string; body: string; link: string | null },
  publicUrl: string,
) {
  const link = notification.link ? `\n${publicUrl}${notification.link}` : '';
  return `${notification.title}\n${notification.body}${link}`;
}

export function acceptKeyboard(offerId: string, entryCents: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        {
          text: `Accept ${entryLabel(entryCents)}`,
          callback_data: encodeOfferButton({ step: 'accept', offerId, entryCents }),
        },
      ],
    ],
  };
}

export function confirmKeyboard(offerId: string, entryCents: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        { text: 'Confirm', callback_data: encodeOfferButton({ step: 'confirm', offerId, entryCents }) },
        { text: 'Cancel', callback_data: encodeOfferButton({ step: 'cancel', offerId, entryCents }) },
      ],
    ],
  };
}

const QUESTION = '\n\nAccept ';
const ANSWER = '\n\n— ';

export function confirmQuestion(offer: Pick<Offer, 'pair' | 'positionType'>, entryCents: number): string {
  return `Accept ${entryLabel(entryCents)} on ${offer.pair} ${words(offer.positionType)}?`;
}

/** The offer's message as it was before a question or an answer was added to it. */
export function originalText(text: string): string {
  const cut = Math.min(
    ...[text.indexOf(QUESTION), text.indexOf(ANSWER)].filter((at) => at >= 0),
    text.length,
  );
  return text.slice(0, cut);
}

/** The offer's message with the confirmation question under it. */
export const withQuestion = (original: string, question: string) => `${original}\n\n${question}`;
/** The offer's message with the accept's outcome under it. */
export const withAnswer = (original: string, answer: string) => `${original}${ANSWER}${answer}`;

export function tradeOpenedText(trade: Trade): string {
  return `Trade opened: ${usd.format(trade.amount)} ${trade.pair} ${words(trade.positionType)} at ${price.format(trade.entryPrice)}`;
}

export function balanceText(balance: { balance: number; held: number }): string {
  return `Available: ${usd.format(balance.balance)}\nHeld by pending withdrawals: ${usd.format(balance.held)}`;
}

function tradeLine(trade: Trade): string {
  const head = `• ${trade.pair} ${words(trade.positionType)} ${usd.format(trade.amount)} at ${price.format(trade.entryPrice)}`;
  return trade.status === 'open'
    ? `${head}: now ${signedPercent(trade.profit)}`
    : `${head}: ${signedPercent(trade.profit)}`;
}

export function tradesText(open: Trade[], closed: Trade[]): string {
  if (open.length === 0 && closed.length === 0) return 'No trades yet. /offers shows what you can accept.';
  const parts = [
    open.length > 0 ? `Open trades (${open.length}):\n${open.map(tradeLine).join('\n')}` : 'No open trades.',
  ];
  if (closed.length > 0) parts.push(`Recently closed:\n${closed.map(tradeLine).join('\n')}`);
  return parts.join('\n\n');
}
