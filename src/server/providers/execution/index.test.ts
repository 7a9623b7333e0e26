import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSimulatedMarketSource } from '../market/simulated';
import { createExecutor, executorConfigFrom, ExecutorConfigError } from './index';

const source = createSimulatedMarketSource({ seed: 1, startTime: Date.UTC(2026, 0, 1) });
const deps = { source, takerFeePercent: 0.26 };
const keys = { krakenApiKey: 'key', krakenApiSecret: Buffer.from('secret').toString('base64') };

describe('createExecutor', () => {
  it('builds the paper executor by default', () => {
    expect(createExecutor({ execution: 'paper', liveTrading: false }, deps).name).toBe('paper');
    // Keys and LIVE_TRADING do not turn paper into anything else.
    expect(createExecutor({ execution: 'paper', liveTrading: true, ...keys }, deps).name).toBe('paper');
  });

  it('refuses to build a kraken executor without LIVE_TRADING=true or without keys', () => {
    const build = (config: Parameters<typeof createExecutor>[0]) => () => createExecutor(config, deps);
    expect(build({ execution: 'kraken', liveTrading: false, ...keys })).toThrow(ExecutorConfigError);
    expect(build({ execution: 'kraken', liveTrading: false, ...keys })).toThrow(
      /EXECUTION=kraken places real orders with real money: set LIVE_TRADING=true/,
    );
    expect(build({ execution: 'kraken', liveTrading: true, krakenApiKey: 'key' })).toThrow(
      /needs KRAKEN_API_KEY and KRAKEN_API_SECRET/,
    );
    expect(createExecutor({ execution: 'kraken', liveTrading: true, ...keys }, deps).name).toBe('kraken');
  });

  it('reads its settings from the validated environment', () => {
    const config = loadConfig({
      EXECUTION: 'kraken',
      LIVE_TRADING: 'true',
      KRAKEN_API_KEY: 'k',
      KRAKEN_API_SECRET: 's',
      KRAKEN_BASE_URL: 'http://127.0.0.1:9',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(executorConfigFrom(config)).toEqual({
      execution: 'kraken',
      liveTrading: true,
      krakenApiKey: 'k',
      krakenApiSecret: 's',
      krakenBaseUrl: 'http://127.0.0.1:9',
    });
    const defaults = executorConfigFrom(loadConfig({ AUTH_SECRET: 'x'.repeat(32) }));
    expect(defaults).toMatchObject({ execution: 'paper', liveTrading: false });
  });
});
