import { describe, expect, it } from 'vitest';
import { createManualClock, createMarketSource } from './index';
import { sharedFixturesDir } from './shared-fixtures';

describe('createMarketSource', () => {
  it('builds each named source from the typed config', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1));
    const simulated = createMarketSource({ source: 'simulated', simSeed: 5, simSpeed: 10, clock });
    expect(simulated.name).toBe('simulated');
    clock.advance(1_000);
    expect(simulated.now()).toBe(Date.UTC(2026, 0, 1) + 10_000);

    expect(createMarketSource({ source: 'kraken', krakenBaseUrl: 'http://127.0.0.1:9' }).name).toBe('kraken');

    const replay = createMarketSource({
      source: 'replay',
      replayFiles: [sharedFixturesDir('candles', 'SOL-USDT-1h.csv')],
      clock,
    });
    expect(replay.name).toBe('replay');
    expect((await replay.listPairs()).map((p) => p.symbol)).toEqual(['SOL/USDT']);
  });

  it('refuses a replay without files and an unknown source', () => {
    expect(() => createMarketSource({ source: 'replay' })).toThrow(/REPLAY_FILES/);
    expect(() => createMarketSource({ source: 'binance' as 'kraken' })).toThrow(
      /Unknown market source: binance/,
    );
  });
});

describe('a simulated clock shared by several processes', () => {
  it('gives processes created at different times the same time and prices at any speed', async () => {
    const real = createManualClock(1_800_000_000_000);
    const shared = { source: 'simulated' as const, simSpeed: 60, simSeed: 7, simClockStart: real() };
    real.advance(5_000);
    const early = createMarketSource({ ...shared, clock: real });
    real.advance(42_000);
    const late = createMarketSource({ ...shared, clock: real });
    expect(late.now()).toBe(early.now());
    expect(early.now()).toBe(1_800_000_000_000 + 47_000 * 60);
    expect(await late.fetchTicker('BTC/USD')).toEqual(await early.fetchTicker('BTC/USD'));
    // Without the shared start each process's clock starts at its own creation.
    const own = createMarketSource({ source: 'simulated', simSpeed: 60, simSeed: 7, clock: real });
    expect(own.now()).toBe(real());
  });

  it('starts a pinned market at its own time, whenever and wherever it is created', async () => {
    const pinned = Date.UTC(2026, 10, 7);
    const real = createManualClock(1_800_000_000_000);
    const shared = { source: 'simulated' as const, simSpeed: 300, simSeed: 42, startTime: pinned };
    const today = createMarketSource({ ...shared, clock: real });
    expect(today.now()).toBe(pinned);
    real.advance(10_000);
    expect(today.now()).toBe(pinned + 10_000 * 300);
    const tomorrow = createMarketSource({ ...shared, clock: createManualClock(1_800_086_400_000) });
    expect(await tomorrow.fetchTicker('BTC/USD')).toEqual(
      await createMarketSource({ ...shared, clock: createManualClock(0) }).fetchTicker('BTC/USD'),
    );
    // A cluster pins the market and shares the clock's real start: processes agree at any speed.
    const first = createMarketSource({ ...shared, simClockStart: real(), clock: real });
    real.advance(7_000);
    const second = createMarketSource({ ...shared, simClockStart: real() - 7_000, clock: real });
    expect(second.now()).toBe(first.now());
    expect(first.now()).toBe(pinned + 7_000 * 300);
  });
});
