/**
 * Every pair row in memory, for the hot paths that name pairs: an accept (the pair's exchange
 * symbol, whether it is active, its order minimums), the trade monitor, and offer lists (symbols by
 * id). Loaded whole when first asked, and again when asked for a pair it does not hold (one added
 * since). The market service drops it on every pair change it makes or hears of from another
 * process (`pair_updates`), so a read never outlives the change that made it stale.
 */
import { createReadCache } from '../../shared/read-cache';
import type { CryptoPairRow } from './market.repo';

/** Only bounds how stale the copy can get should a `pair_updates` between processes be lost. */
const PAIR_DIRECTORY_MS = 60_000;

interface Directory {
  bySymbol: Map<string, CryptoPairRow>;
  byId: Map<number, CryptoPairRow>;
}

export interface PairDirectory {
  bySymbol(symbol: string): Promise<CryptoPairRow | undefined>;
  /** Symbols of the pairs among `ids` (unknown ids are left out). */
  symbols(ids: number[]): Promise<Map<number, string>>;
  /** Drops what is held: the next read loads the table again. */
  forget(): void;
}

export function createPairDirectory(load: () => Promise<CryptoPairRow[]>): PairDirectory {
  const cache = createReadCache<Directory>({ ttlMs: PAIR_DIRECTORY_MS });
  const directory = () =>
    cache.get('pairs', async () => {
      const rows = await load();
      return {
        bySymbol: new Map(rows.map((row) => [row.symbol, row])),
        byId: new Map(rows.map((row) => [row.id, row])),
      };
    });

  /** The directory holding what `has` asks for, loaded again once if the held one does not. */
  async function holding(has: (d: Directory) => boolean): Promise<Directory> {
    const held = await directory();
    if (has(held)) return held;
    cache.evict('pairs');
    return directory();
  }

  return {
    bySymbol: async (symbol) => (await holding((d) => d.bySymbol.has(symbol))).bySymbol.get(symbol),
    async symbols(ids) {
      const d = await holding((held) => ids.every((id) => held.byId.has(id)));
      const result = new Map<number, string>();
      for (const id of ids) {
        const row = d.byId.get(id);
        if (row) result.set(id, row.symbol);
      }
      return result;
    },
    forget: () => cache.evict('pairs'),
  };
}
