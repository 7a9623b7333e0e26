/**
 * The words every channel uses for an event (the bell, mail, Telegram, the webhook's `summary`):
 * one place, so a trader reads the same thing wherever it reaches them.
 */
import type { TradeCloseReason } from '../../../contract/enums';
import type { Offer } from '../../../contract/offers';
import type { Trade } from '../../../contract/trades';
import type { UserEventSubject } from './user-events';

export interface NotificationWords {
  title: string;
  body: string;
  /** A path in the app. */
  link: string | null;
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const signedPercent = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`;
const words = (text: string) => text.replaceAll('_', ' ');
/** A receiver's address as a trader reads it: a token in its query stays out of messages. */
const withoutQuery = (url: string) => url.split(/[?#]/, 1)[0] ?? url;

/** An offer in one line: what it is and the figures a trader decides on. */
export function offerSummary(offer: Offer): string {
  return (
    `${offer.pair} ${words(offer.positionType)}: heat ${Math.round(offer.heatScore)}, ` +
    `success ${offer.successRate.toFixed(0)}%, expected ${signedPercent(offer.expectedProfitPercent)}, ` +
    `${words(offer.riskLevel)} risk`
  );
}

const CLOSE_REASONS: Record<TradeCloseReason, string> = {
  auto_close: 'auto-close profit reached',
  stop_loss: 'stop-loss reached',
  expired: 'at the offer’s horizon',
  error: 'closed after an error',
};

function tradeClosed(trade: Trade): string {
  const reason = trade.closeReason ? CLOSE_REASONS[trade.closeReason] : null;
  const result = `${signedPercent(trade.profit)} on ${dollars(trade.amount)}`;
  return reason ? `${result} (${reason})` : result;
}

export function wordsOf(subject: UserEventSubject): NotificationWords {
  switch (subject.kind) {
    case 'offer.created':
      return {
        title: `New offer: ${subject.offer.pair}`,
        body: offerSummary(subject.offer),
        link: '/offers',
      };
    case 'trade.opened':
      return {
        title: `Trade opened: ${subject.trade.pair}`,
        body: `${dollars(subject.trade.amount)} ${words(subject.trade.positionType)} at ${subject.trade.entryPrice}`,
        link: '/trades',
      };
    case 'trade.closed':
      return {
        title: `Trade closed: ${subject.trade.pair}`,
        body: tradeClosed(subject.trade),
        link: '/trades',
      };
    case 'withdrawal.approved':
      return {
        title: 'Withdrawal approved',
        body: `${dollars(subject.withdrawal.amount)} is on its way to you.`,
        link: '/payments',
      };
    case 'withdrawal.rejected':
      return {
        title: 'Withdrawal rejected',
        body:
          `${dollars(subject.withdrawal.amount)} is back in your balance.` +
          (subject.withdrawal.reason ? ` Reason: ${subject.withdrawal.reason}` : ''),
        link: '/payments',
      };
    case 'webhook.disabled':
      return {
        title: 'Webhook disabled',
        body: `${withoutQuery(subject.webhook.url)}: ${subject.webhook.reason}. Fix the receiver, then enable it again on Settings.`,
        link: '/settings#webhooks',
      };
    case 'guardrail.triggered':
      return {
        title: `Accept refused: ${subject.guardrail.pair}`,
        body: subject.guardrail.rule,
        link: '/trades',
      };
  }
}
