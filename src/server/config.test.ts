import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      marketSource: 'simulated',
      execution: 'paper',
      liveTrading: false,
      paymentsProvider: 'simulated',
      aiProvider: 'builtin',
      takerFeePercent: 0.26,
      role: 'all',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('generates the auth secret once, owner-only, and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o077).toBe(0);
  });

  it('lists every bad value in one clear error', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', MARKET_SOURCE: 'binance', AUTH_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/MARKET_SOURCE/);
    expect(message).toMatch(/AUTH_SECRET must be at least 32 characters/);
  });

  it('requires both exchange keys for live execution', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), EXECUTION: 'kraken', KRAKEN_API_KEY: 'k' })).toThrow(
      /KRAKEN_API_SECRET is required when EXECUTION=kraken/,
    );
  });

  it('requires the provider secrets that go with a provider', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), AI_PROVIDER: 'openai' })).toThrow(
      /OPENAI_BASE_URL is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), MARKET_SOURCE: 'replay' })).toThrow(
      /REPLAY_FILES is required/,
    );
  });

  it('takes another Stripe API address only as an http(s) URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.env.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    for (const bad of ['127.0.0.1:12111', 'ftp://stripe.example.com']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_API_BASE: bad })).toThrow(
        /STRIPE_API_BASE must be an http\(s\) URL/,
      );
    }
  });

  it('turns Telegram on with a bot token, at the Bot API unless another address is given', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TELEGRAM_BOT_TOKEN: '' }).telegram).toBeUndefined();
    const token = '123456789:AAE-abcdefghijklmnopqrstuvwxyz_0123';
    expect(loadConfig({ DATA_DIR: dataDir(), TELEGRAM_BOT_TOKEN: token }).telegram).toEqual({
      botToken: token,
      apiUrl: 'https://api.telegram.org',
    });
    const fake = loadConfig({
      DATA_DIR: dataDir(),
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_API_URL: 'http://127.0.0.1:8081/',
    });
    expect(fake.telegram?.apiUrl).toBe('http://127.0.0.1:8081');
    expect(() => loadConfig({ DATA_DIR: dataDir(), TELEGRAM_API_URL: 'telegram.local' })).toThrow(
      /TELEGRAM_API_URL must be an http\(s\) URL/,
    );
    // A malformed token is refused without repeating it (it may be a real one, mistyped).
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), TELEGRAM_BOT_TOKEN: 'secret-but/wrong' });
    expect(attempt).toThrow(/TELEGRAM_BOT_TOKEN must be the token @BotFather gave/);
    expect(attempt).not.toThrow(/secret-but/);
  });

  it('treats empty values as unset, as .env.example leaves them', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: 'https://signals.example.com/',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://signals.example.com');
  });

  it('sizes the engine pool to leave one core for HTTP unless ENGINE_THREADS says otherwise', () => {
    const cores = availableParallelism();
    expect(loadConfig({ DATA_DIR: dataDir() }).engineThreads).toBe(Math.max(1, cores - 1));
    expect(loadConfig({ DATA_DIR: dataDir(), ENGINE_THREADS: '' }).engineThreads).toBe(
      Math.max(1, cores - 1),
    );
    expect(loadConfig({ DATA_DIR: dataDir(), ENGINE_THREADS: '3' }).engineThreads).toBe(3);
    for (const bad of ['0', '65', '1.5', 'many'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), ENGINE_THREADS: bad }), bad).toThrow(/ENGINE_THREADS/);
  });

  it('trusts no proxy and no private feed address unless told to', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.trustProxy).toBe(false);
    expect(config.allowPrivateFeeds).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as a switch, a hop count or a list of proxy addresses', () => {
    const read = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(read('true')).toBe(true);
    expect(read('false')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 192.168.0.0/16 ,loopback,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => read('10.0.0.1,proxy.example.com')).toThrow(/TRUST_PROXY .*bad: proxy\.example\.com/);
    expect(() => read('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: dataDir(), ALLOW_PRIVATE_FEEDS: 'true' }).allowPrivateFeeds).toBe(true);
  });
});
