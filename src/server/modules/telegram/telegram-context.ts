/**
 * What the Telegram module's parts share: its repo, the bot (null: TELEGRAM_BOT_TOKEN unset), and
 * the other modules it answers from, each through its service and the same calls the web's routes
 * make (the offers list, the accept with its idempotency, the balance, the trades).
 */
import type { AcceptOfferInput, AcceptOfferResponse, ListOffersQuery } from '../../../contract/offers';
import type { Preferences } from '../../../contract/preferences';
import type { ListTradesQuery, ListTradesResponse } from '../../../contract/trades';
import type { Offer } from '../../../contract/offers';
import type { TelegramBot } from '../../providers/telegram';
import type { UserContact } from '../auth/users.service';
import type { IdempotencyScope, LedgerService } from '../ledger/ledger.service';
import type { NotificationSendsService } from '../notifications/notification-sends.service';
import type { TelegramRepo } from './telegram.repo';

export interface TelegramDeps {
  bot: TelegramBot | null;
  /** PUBLIC_URL: the app's address, for the links under a notification. */
  publicUrl: string;
  offers: {
    get(offerId: string): Promise<Offer | null>;
    listJson(userId: string, query: ListOffersQuery): Promise<string>;
  };
  preferences: { get(userId: string): Promise<Preferences> };
  trading: {
    accept(
      userId: string,
      offerId: string,
      input: AcceptOfferInput,
      scope?: IdempotencyScope,
    ): Promise<AcceptOfferResponse>;
    list(userId: string, query: ListTradesQuery): Promise<ListTradesResponse>;
  };
  ledger: Pick<LedgerService, 'idempotency'>;
  payments: { balance(userId: string): Promise<{ balance: number; held: number }> };
  users: { contactsOf(ids: readonly string[]): Promise<Map<string, UserContact>> };
  sends: NotificationSendsService;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  now?: () => Date;
}

export interface TelegramContext extends Omit<TelegramDeps, 'now'> {
  repo: TelegramRepo;
  now: () => Date;
}
