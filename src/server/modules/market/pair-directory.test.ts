import { describe, expect, it } from 'vitest';
import type { CryptoPairRow } from './market.repo';
import { createPairDirectory } from './pair-directory';

const row = (id: number, symbol: string, active = true) => ({ id, symbol, active }) as CryptoPairRow;

/** A pair table the directory loads from, counting the loads. */
function table(rows: CryptoPairRow[]) {
  const state = { rows, loads: 0, failNext: false };
  const load = async () => {
    state.loads += 1;
    if (state.failNext) {
      state.failNext = false;
      throw new Error('database down');
    }
    return [...state.rows];
  };
  return { state, load };
}

describe('the pair directory', () => {
  it('loads the table once and answers from memory after', async () => {
    const { state, load } = table([row(1, 'BTC/USD'), row(2, 'ETH/USD')]);
    const directory = createPairDirectory(load);
    expect((await directory.bySymbol('BTC/USD'))?.id).toBe(1);
    expect(await directory.symbols([2, 1])).toEqual(
      new Map([
        [2, 'ETH/USD'],
        [1, 'BTC/USD'],
      ]),
    );
    expect(state.loads).toBe(1);
  });

  it('loads again for a pair it does not hold (one added since), once', async () => {
    const { state, load } = table([row(1, 'BTC/USD')]);
    const directory = createPairDirectory(load);
    await directory.bySymbol('BTC/USD');
    state.rows.push(row(2, 'SOL/USD'));
    expect((await directory.bySymbol('SOL/USD'))?.id).toBe(2);
    expect(await directory.symbols([1, 2, 3])).toEqual(
      new Map([
        [1, 'BTC/USD'],
        [2, 'SOL/USD'],
      ]),
    );
    expect(await directory.bySymbol('NOPE/USD')).toBeUndefined();
    // The unknown id 3 and the unknown symbol each cost one more load.
    expect(state.loads).toBe(4);
  });

  it('serves a change only after forget (what pair_updates calls)', async () => {
    const { state, load } = table([row(1, 'BTC/USD')]);
    const directory = createPairDirectory(load);
    await directory.bySymbol('BTC/USD');
    state.rows = [row(1, 'BTC/USD', false)];
    expect((await directory.bySymbol('BTC/USD'))?.active).toBe(true);
    directory.forget();
    expect((await directory.bySymbol('BTC/USD'))?.active).toBe(false);
  });

  it('does not keep a failed load', async () => {
    const { state, load } = table([row(1, 'BTC/USD')]);
    const directory = createPairDirectory(load);
    state.failNext = true;
    await expect(directory.bySymbol('BTC/USD')).rejects.toThrow('database down');
    expect((await directory.bySymbol('BTC/USD'))?.id).toBe(1);
  });
});
