/**
 * The commands of a linked chat, answered from the same services as the web's screens: /offers
 * (the live offers list, kept to those the trader's preferences match, hottest first), /balance
 * (the payments balance) and /trades (the trader's own trades).
 */
import { listOffersQuerySchema, type Offer } from '../../../contract/offers';
import type { Preferences } from '../../../contract/preferences';
import type { Trade } from '../../../contract/trades';
import type { InlineKeyboardMarkup } from '../../providers/telegram';
import type { TelegramContext } from './telegram-context';
import { acceptKeyboard, balanceText, HELP_LINKED, offerText, tradesText } from './telegram-messages';

export interface Reply {
  text: string;
  reply_markup?: InlineKeyboardMarkup;
}

export const OFFERS_SHOWN = 5;
const CLOSED_SHOWN = 5;
const PAGE = 100;
const PAGES = 10;

/** The same judgement as the notifications' recipients (preferences.repo `recipientsOfOffer`: matches). */
export function matchesPreferences(offer: Offer, preferences: Preferences): boolean {
  const { preferredPairs: pairs } = preferences;
  return (
    (pairs.length === 0 || pairs.includes(offer.pair)) &&
    preferences.preferredPositionTypes.includes(offer.positionType) &&
    offer.expectedProfitPercent >= preferences.minExpectedProfitPercent &&
    (preferences.preferredRiskLevels as string[]).includes(offer.riskLevel) &&
    offer.successRate >= preferences.minSuccessRate
  );
}

/** The Accept button's amount: the trader's smallest preferred entry, in whole dollars (at least $1). */
export const defaultEntryCents = (preferences: Preferences) =>
  Math.max(1, Math.round(preferences.entryFilterMin)) * 100;

export function createTelegramCommands(ctx: TelegramContext) {
  /** The live offers the trader has not acted on that match their preferences, hottest first. */
  async function matchingOffers(userId: string, preferences: Preferences): Promise<Offer[]> {
    const found: Offer[] = [];
    for (let page = 0; page < PAGES && found.length < OFFERS_SHOWN; page += 1) {
      const query = listOffersQuerySchema.parse({
        sortBy: 'heatScore',
        sortDir: 'desc',
        limit: PAGE,
        offset: page * PAGE,
      });
      const { data, total } = JSON.parse(await ctx.offers.listJson(userId, query)) as {
        data: Offer[];
        total: number;
      };
      found.push(...data.filter((offer) => matchesPreferences(offer, preferences)));
      if ((page + 1) * PAGE >= total) break;
    }
    return found.slice(0, OFFERS_SHOWN);
  }

  return {
    async offers(userId: string): Promise<Reply[]> {
      const preferences = await ctx.preferences.get(userId);
      const offers = await matchingOffers(userId, preferences);
      if (offers.length === 0) return [{ text: 'No live offers match your preferences right now.' }];
      const entry = defaultEntryCents(preferences);
      return [
        { text: `Your top ${offers.length} live offers (matching your preferences, hottest first):` },
        ...offers.map((offer) => ({ text: offerText(offer), reply_markup: acceptKeyboard(offer.id, entry) })),
      ];
    },

    async balance(userId: string): Promise<Reply[]> {
      return [{ text: balanceText(await ctx.payments.balance(userId)) }];
    },

    async trades(userId: string): Promise<Reply[]> {
      const { trades } = await ctx.trading.list(userId, { offset: 0, limit: 50 });
      const open: Trade[] = trades.filter((trade) => trade.status === 'open');
      const closed = trades.filter((trade) => trade.status === 'closed').slice(0, CLOSED_SHOWN);
      return [{ text: tradesText(open, closed) }];
    },

    help: (): Reply[] => [{ text: HELP_LINKED }],
  };
}
