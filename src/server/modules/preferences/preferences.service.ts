import {
  PREFERENCE_DEFAULTS,
  type Preferences,
  type UpdatePreferencesInput,
} from '../../../contract/preferences';
import type { Database, Queryable } from '../../db/client';
import { isBusEvent, type EventBus } from '../../realtime/event-bus';
import { createReadCache } from '../../shared/read-cache';
import { toCents, toDollars } from '../../shared/money';
import {
  createPreferencesRepo,
  type OfferForMatching,
  type PreferencesRow,
  type PreferencesValues,
} from './preferences.repo';

const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

function toPreferences(row: PreferencesRow): Preferences {
  return {
    preferredPairs: row.preferredPairs,
    entryFilterMin: toDollars(row.entryFilterMinCents),
    entryFilterMax: toDollars(row.entryFilterMaxCents),
    autoTipPercent: row.autoTipPercent,
    preferredRiskLevels: row.preferredRiskLevels,
    minSuccessRate: row.minSuccessRate,
    maxRiskScore: row.maxRiskScore,
    preferredPositionTypes: row.preferredPositionTypes,
    minExpectedProfitPercent: row.minExpectedProfitPercent,
    maxVolatilityIndex: row.maxVolatilityIndex,
    defaultAutoCloseProfitPercent: row.defaultAutoCloseProfitPercent,
    notificationPrefs: { ...row.notificationPrefs },
  };
}

/** The defaults of trader spec section 3, fresh each time (callers may change what they get). */
const defaults = (): Preferences => ({
  ...PREFERENCE_DEFAULTS,
  preferredPairs: [...PREFERENCE_DEFAULTS.preferredPairs],
  preferredRiskLevels: [...PREFERENCE_DEFAULTS.preferredRiskLevels],
  preferredPositionTypes: [...PREFERENCE_DEFAULTS.preferredPositionTypes],
  notificationPrefs: { ...PREFERENCE_DEFAULTS.notificationPrefs },
});

export interface AutoTradingPreferences {
  autoTipPercent: number;
  defaultAutoCloseProfitPercent: number;
}

/** Bounds a copy's age only if an eviction message between processes is lost. */
export const AUTO_TRADING_CACHE_MS = 30_000;

/**
 * A trader's preferences: the API speaks dollars, the row holds the entry filters in cents. A user
 * who never saved has no row and reads the defaults. Input arrives checked by the contract
 * (zero/empty numbers already replaced by the defaults, ranges checked).
 *
 * What trading reads on every close (`autoTrading`, the automatic tip) is held in process per trader: a
 * save evicts it here after it is stored and, through `preferences_changed` on the bus, in every
 * other process.
 */
export function createPreferencesService(deps: {
  db: Database;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
}) {
  const { db, bus } = deps;
  const repo = createPreferencesRepo(db);
  const autoTradingCache = createReadCache<AutoTradingPreferences>({ ttlMs: AUTO_TRADING_CACHE_MS });
  bus.subscribe((message) => {
    if (isBusEvent(message, 'preferences_changed')) autoTradingCache.evict(message.payload.userId);
  });

  async function get(userId: string): Promise<Preferences> {
    const row = await repo.find(userId);
    return row ? toPreferences(row) : defaults();
  }

  return {
    get,

    async update(userId: string, input: UpdatePreferencesInput): Promise<Preferences> {
      const values: PreferencesValues = {
        preferredPairs: unique(input.preferredPairs),
        entryFilterMinCents: toCents(input.entryFilterMin),
        entryFilterMaxCents: toCents(input.entryFilterMax),
        autoTipPercent: input.autoTipPercent,
        preferredRiskLevels: unique(input.preferredRiskLevels),
        minSuccessRate: input.minSuccessRate,
        maxRiskScore: input.maxRiskScore,
        preferredPositionTypes: unique(input.preferredPositionTypes),
        minExpectedProfitPercent: input.minExpectedProfitPercent,
        maxVolatilityIndex: input.maxVolatilityIndex,
        defaultAutoCloseProfitPercent: input.defaultAutoCloseProfitPercent,
        notificationPrefs: { ...input.notificationPrefs },
      };
      const saved = toPreferences(await repo.save(userId, values));
      autoTradingCache.evict(userId);
      bus.publish('preferences_changed', { userId });
      return saved;
    },

    /** A deleted account's preferences go with it; its cached copy goes everywhere after commit. */
    async remove(userId: string, tx: Queryable): Promise<void> {
      await repo.remove(userId, tx);
    },

    /** Drops the cached copy here and in every other process (after a change committed). */
    forget(userId: string): void {
      autoTradingCache.evict(userId);
      bus.publish('preferences_changed', { userId });
    },

    /** The traders an offer concerns (the notifications module's recipients of `offer.created`). */
    recipientsOfOffer: (offer: OfferForMatching) => repo.recipientsOfOffer(offer),

    /** What the trading module needs when it opens and closes a trade. */
    autoTrading: (userId: string): Promise<AutoTradingPreferences> =>
      autoTradingCache.get(userId, async () => {
        const { autoTipPercent, defaultAutoCloseProfitPercent } = await get(userId);
        return { autoTipPercent, defaultAutoCloseProfitPercent };
      }),
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
