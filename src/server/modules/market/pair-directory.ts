/**
 * Every pair row in memory, for the hot paths that name pairs: an accept (the pair's exchange
 * symbol, whether it is active, its order minimums), the trade monitor, and offer lists (symbols by
 * id). Loaded whole when first asked, and again when asked for a pair it does not hold (one added
 * since). The market service drops it on every pair change it makes or hears of from another
 * process (`pair_updates`), so a read never outlives the change that made it stale.
 */
import type { CryptoPairRow } from './market.repo';

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
  let current: Promise<Directory> | null = null;

  function directory(): Promise<Directory> {
    if (current) return current;
    const loading = load().then((rows) => ({
      bySymbol: new Map(rows.map((row) => [row.symbol, row])),
      byId: new Map(rows.map((row) => [row.id, row])),
    }));
    current = loading;
    loading.catch(() => {
      if (current === loading) current = null;
    });
    return loading;
  }

  /** `find` on the held directory; on a miss, once more on a fresh load. */
  async function lookUp<T>(find: (d: Directory) => T | undefined): Promise<T | undefined> {
    const used = directory();
    const found = find(await used);
    if (found !== undefined) return found;
    // Only the load this read used is dropped (another read may already have replaced it).
    if (current === used) current = null;
    return find(await directory());
  }

  return {
    bySymbol: (symbol) => lookUp((d) => d.bySymbol.get(symbol)),
    async symbols(ids) {
      const all = await lookUp((d) => (ids.every((id) => d.byId.has(id)) ? d : undefined));
      const d = all ?? (await directory());
      const result = new Map<number, string>();
      for (const id of ids) {
        const row = d.byId.get(id);
        if (row) result.set(id, row.symbol);
      }
      return result;
    },
    forget() {
      current = null;
    },
  };
}
