/**
 * Edits of the pair list (the market module's layer; pairs/pairs-admin.ts is the admin endpoints'
 * layer over it). Each change commits with its audit row (before and after) and is then announced
 * as `pair_updates`.
 */
import type { PairUpdateEvent } from '../../../contract/events';
import type { Database, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import type { LogsService } from '../logs/logs.service';
import { createMarketRepo, type CryptoPairRow, type NewCryptoPair, type PairRowChanges } from './market.repo';

export interface PairEditsDeps {
  db: Database;
  logs: Pick<LogsService, 'audit'>;
  announce: (pair: string, action: PairUpdateEvent['action']) => void;
}

export type PairInput = Pick<NewCryptoPair, 'symbol' | 'krakenSymbol' | 'base' | 'quote'> & {
  active?: boolean;
  dynamicConfig?: Record<string, unknown>;
};
export type PairChanges = Partial<
  Pick<NewCryptoPair, 'krakenSymbol' | 'base' | 'quote' | 'active' | 'dynamicConfig'>
>;

/** Who asked: an admin's user id, or null for the system. */
export type Actor = string | null;

/** What an audit row keeps of a pair (not the exchange's order minimums, which the sync owns). */
export const pairSnapshot = (row: CryptoPairRow) => ({
  id: row.id,
  symbol: row.symbol,
  krakenSymbol: row.krakenSymbol,
  base: row.base,
  quote: row.quote,
  active: row.active,
  deactivationAttempts: row.deactivationAttempts,
  dynamicConfig: row.dynamicConfig,
});

export function createPairEdits({ db, logs, announce }: PairEditsDeps) {
  async function requirePair(tx: Queryable, symbol: string) {
    const pair = await createMarketRepo(tx).findPair(symbol, { forUpdate: true });
    if (!pair) throw notFound(`Unknown pair ${symbol}`);
    return pair;
  }

  async function refuseTakenKrakenSymbol(tx: Queryable, krakenSymbol: string, symbol: string) {
    const holder = await createMarketRepo(tx).findPairByKrakenSymbol(krakenSymbol);
    if (holder && holder.symbol !== symbol)
      throw conflict(`Kraken symbol ${krakenSymbol} is already used by ${holder.symbol}`);
  }

  /** A unique index lost to a concurrent writer is the same 409 the checks give. */
  async function uniquely<T>(symbol: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Pair ${symbol} or its Kraken symbol already exists`);
      throw error;
    }
  }

  async function change(symbol: string, changes: PairChanges, actor: Actor) {
    const { before, after } = await uniquely(symbol, () =>
      db.transaction(async (tx) => {
        const current = await requirePair(tx, symbol);
        if (changes.krakenSymbol) await refuseTakenKrakenSymbol(tx, changes.krakenSymbol, symbol);
        const rowChanges: PairRowChanges = { ...changes };
        // A pair turned on starts with a clean failure count.
        if (changes.active && !current.active) rowChanges.deactivationAttempts = 0;
        const updated = (await createMarketRepo(tx).updatePair(current.id, rowChanges))!;
        await logs.audit(
          {
            userId: actor,
            action: 'pair.update',
            details: { symbol, before: pairSnapshot(current), after: pairSnapshot(updated) },
          },
          tx,
        );
        return { before: current, after: updated };
      }),
    );
    const onlyActive = Object.keys(changes).every((key) => key === 'active');
    if (onlyActive && before.active !== after.active)
      announce(symbol, after.active ? 'activated' : 'deactivated');
    else if (!onlyActive) announce(symbol, 'updated');
    return after;
  }

  return {
    /** 409 when the symbol or the Kraken symbol is taken. */
    async addPair(input: PairInput, actor: Actor = null): Promise<CryptoPairRow> {
      const row = await uniquely(input.symbol, () =>
        db.transaction(async (tx) => {
          if (await createMarketRepo(tx).findPair(input.symbol))
            throw conflict(`Pair ${input.symbol} already exists`);
          await refuseTakenKrakenSymbol(tx, input.krakenSymbol, input.symbol);
          const inserted = await createMarketRepo(tx).insertPair({ ...input, active: input.active ?? true });
          await logs.audit(
            {
              userId: actor,
              action: 'pair.add',
              details: { symbol: input.symbol, before: null, after: pairSnapshot(inserted) },
            },
            tx,
          );
          return inserted;
        }),
      );
      announce(input.symbol, 'added');
      return row;
    },

    /** 404 for an unknown pair; 409 when the new Kraken symbol is another pair's. */
    updatePair: (symbol: string, changes: PairChanges, actor: Actor = null): Promise<CryptoPairRow> =>
      change(symbol, changes, actor),

    setPairActive: (symbol: string, active: boolean, actor: Actor = null): Promise<CryptoPairRow> =>
      change(symbol, { active }, actor),

    /** Its candles, tickers, analyses and offers go with it (foreign keys cascade). */
    async deletePair(symbol: string, actor: Actor = null): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await requirePair(tx, symbol);
        await createMarketRepo(tx).deletePair(current.id);
        await logs.audit(
          {
            userId: actor,
            action: 'pair.delete',
            details: { symbol, before: pairSnapshot(current), after: null },
          },
          tx,
        );
      });
      announce(symbol, 'deleted');
    },
  };
}
