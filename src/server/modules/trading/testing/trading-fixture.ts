/**
 * One trading scenario's world: a real app on a fresh database with a hand-moved market (BTC/USD at
 * 50,000, ETH/USD at 2,000 by default), the paper executor behind a scriptable wrapper, traders who
 * are funded through the ledger as a deposit would be, and live offers on the market's pairs.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AcceptOfferInput } from '../../../../contract/offers';
import type { Guardrails } from '../../../../contract/trades';
import { cryptoPairs } from '../../../db/schema';
import type { Executor } from '../../../providers/execution';
import type { BusMessage } from '../../../realtime/event-bus';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../testing/test-app';
import { grantPro } from '../../billing/testing/plans';
import { seedOffer, seedPair, type OfferSpec } from '../../offers/testing/market-fixtures';
import { createControlledMarket, type ControlledMarket, type ControlledPair } from './controlled-market';
import { createScriptedExecutor, type ScriptedExecutor } from './scripted-executor';

export const DEFAULT_PAIRS: ControlledPair[] = [
  { symbol: 'BTC/USD', price: 50_000 },
  { symbol: 'ETH/USD', price: 2_000 },
];

export interface TradingWorld {
  t: TestApp;
  market: ControlledMarket;
  executor: ScriptedExecutor;
  admin: TestUser;
  pairIds: Map<string, number>;
  /** Every bus message since the world was made. */
  events: BusMessage[];
  /** A funded trader on Pro (the Free limit is tested on its own: `plan: 'free'`). */
  trader(name?: string, fundCents?: number, options?: { plan?: 'free' | 'pro' }): Promise<TestUser>;
  fund(user: TestUser, cents: number): Promise<void>;
  /** A live offer on `symbol` whose entry is the market's current price unless given. */
  offer(symbol: string, spec?: Partial<Omit<OfferSpec, 'pairId'>>): Promise<string>;
  accept(
    user: TestUser,
    offerId: string,
    body: Partial<AcceptOfferInput> | object,
    key?: string,
  ): Promise<LightMyRequestResponse>;
  balances(user: TestUser): Promise<{ availableCents: number; heldCents: number; positionsCents: number }>;
  setGuardrails(patch: Partial<Guardrails>): Promise<void>;
  close(): Promise<void>;
}

export async function createTradingWorld(
  options: {
    pairs?: ControlledPair[];
    executorName?: 'paper' | 'kraken';
    inner?: Executor;
    /** Extra configuration, e.g. SMTP_URL for a loopback mail server. */
    env?: Record<string, string>;
    /** Where the app's log lines go (a test that reads them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TradingWorld> {
  const pairs = options.pairs ?? DEFAULT_PAIRS;
  const market = createControlledMarket(pairs);
  const executor = createScriptedExecutor(market, { name: options.executorName, inner: options.inner });
  const t = await createTestApp({
    overrides: { market, executor },
    env: options.env,
    ...(options.logStream && { logStream: options.logStream }),
  });
  const events: BusMessage[] = [];
  const unsubscribe = t.app.bus.subscribe((message) => events.push(message));
  const admin = await signUp(t.app, 'Admin');
  const pairIds = new Map<string, number>();
  for (const pair of pairs) pairIds.set(pair.symbol, await seedPair(t.db, pair.symbol));
  const { ledger } = t.app;

  const world: TradingWorld = {
    t,
    market,
    executor,
    admin,
    pairIds,
    events,
    async trader(name = 'Trader', fundCents = 100_000, options = {}) {
      const user = await signUp(t.app, name);
      if (options.plan !== 'free') await grantPro(t.db, user.id);
      if (fundCents > 0) await world.fund(user, fundCents);
      return user;
    },
    async fund(user, cents) {
      await ledger.transact((tx) =>
        ledger.post(tx, {
          legs: [
            { system: 'external_card', amountCents: -cents, kind: 'deposit' },
            { userId: user.id, account: 'user_available', amountCents: cents, kind: 'deposit' },
          ],
        }),
      );
    },
    async offer(symbol, spec = {}) {
      const pairId = pairIds.get(symbol);
      if (pairId === undefined) throw new Error(`no pair ${symbol}`);
      const price = (await market.fetchTicker(symbol)).price;
      const id = await seedOffer(t.db, {
        pairId,
        entryPrice: String(price),
        provenance: { figures: {}, entryAt: new Date(market.now()).toISOString() },
        ...spec,
      });
      return id;
    },
    accept(user, offerId, body, key) {
      return t.app.inject({
        method: 'POST',
        url: `/api/offers/${offerId}/accept`,
        headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });
    },
    balances: (user) => ledger.balances(user.id),
    async setGuardrails(patch) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/global-settings',
        headers: admin.auth,
        payload: { guardrails: patch },
      });
      if (res.statusCode !== 200) throw new Error(`guardrails: ${res.statusCode} ${res.body}`);
    },
    async close() {
      unsubscribe();
      await t.close();
    },
  };
  return world;
}

/** Sets a pair's exchange minimums as a market sync would store and announce them. */
export async function setOrderMinimums(
  world: TradingWorld,
  symbol: string,
  limits: { orderMin: number | null; costMin: number | null },
): Promise<void> {
  await world.t.db.update(cryptoPairs).set(limits).where(eq(cryptoPairs.symbol, symbol));
  world.t.app.bus.publish('pair_updates', { pair: symbol, action: 'updated' }, ['admins']);
}
