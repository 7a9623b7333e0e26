/**
 * Admin edits of the pair list. Each change is announced as `pair_updates`, so the later admin
 * routes get the live updates by calling these.
 */
import type { PairUpdateEvent } from '../../../contract/events';
import type { MarketRepo, NewCryptoPair } from './market.repo';

export interface PairAdminDeps {
  repo: MarketRepo;
  announce: (pair: string, action: PairUpdateEvent['action']) => void;
}

export type PairInput = Pick<NewCryptoPair, 'symbol' | 'krakenSymbol' | 'base' | 'quote'> & {
  active?: boolean;
};
export type PairChanges = Partial<Pick<NewCryptoPair, 'krakenSymbol' | 'base' | 'quote'>>;

export function createPairAdmin({ repo, announce }: PairAdminDeps) {
  async function requirePair(symbol: string) {
    const pair = await repo.findPair(symbol);
    if (!pair) throw new Error(`Unknown pair ${symbol}`);
    return pair;
  }

  return {
    async addPair(input: PairInput): Promise<void> {
      await repo.insertPairs([{ ...input, active: input.active ?? true }]);
      announce(input.symbol, 'added');
    },

    async updatePair(symbol: string, changes: PairChanges): Promise<void> {
      const pair = await requirePair(symbol);
      await repo.updatePair(pair.id, changes);
      announce(symbol, 'updated');
    },

    /** Turns a pair on or off; a pair turned on starts with a clean failure count. */
    async setPairActive(symbol: string, active: boolean): Promise<void> {
      const pair = await requirePair(symbol);
      await repo.updatePair(pair.id, { active });
      if (active) await repo.resetFailures(pair.id);
      announce(symbol, active ? 'activated' : 'deactivated');
    },

    async deletePair(symbol: string): Promise<void> {
      const pair = await requirePair(symbol);
      await repo.deletePair(pair.id);
      announce(symbol, 'deleted');
    },
  };
}
