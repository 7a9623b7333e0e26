import { POSITION_TYPES } from '../src/contract/enums';
import { createControlledMarket } from '../src/server/modules/trading/testing/controlled-market';
import { createScriptedExecutor } from '../src/server/modules/trading/testing/scripted-executor';
import { seedOffer, seedPair } from '../src/server/modules/offers/testing/market-fixtures';
import Fastify from 'fastify';
import { createTestDatabase } from '../src/server/db/testing';
import { createTestApp, signUp, type TestUser } from '../src/server/testing/test-app';
import { DB_KIND } from './load';
import type { BenchRow } from './table';
import { grantPro } from '../src/server/modules/billing/testing/plans';

const TRADERS = 20;
const PAIRS = ['BTC', 'ETH'];
const WARM_UP_PAIR = 'SOL';

/**
 * The baseline: Fastify answering each POST with the smallest honest money write on the same kind of
 * database — one transaction that locks a balance row, moves it and inserts two entry rows — driven
 * by the same traders, requests and concurrency as the accepts.
 */
async function startWriteBaseline(accounts: number) {
  const database = await createTestDatabase();
  const query = async (text: string, params: unknown[] = []) =>
    database.kind === 'pglite' ? database.client.query(text, params) : database.client.query(text, params);
  await query(
    'create table bench_balances (id integer primary key, cents bigint not null check (cents >= 0))',
  );
  await query(
    'create table bench_entries (id bigserial primary key, account integer not null, cents bigint not null)',
  );
  await query(`insert into bench_balances select g, 1000000 from generate_series(0, ${accounts - 1}) g`);
  const move = async (account: number) => {
    const statements = [
      ['begin', []],
      ['select cents from bench_balances where id = $1 for update', [account]],
      ['update bench_balances set cents = cents - 2500 where id = $1', [account]],
      ['insert into bench_entries (account, cents) values ($1, -2500), (-1, 2500)', [account]],
      ['commit', []],
    ] as const;
    if (database.kind === 'pglite') {
      await database.client.transaction(async (tx) => {
        for (const [text, params] of statements.slice(1, -1)) await tx.query(text, [...params]);
      });
    } else {
      const client = await database.client.connect();
      try {
        for (const [text, params] of statements) await client.query(text, [...params]);
      } finally {
        client.release();
      }
    }
  };
  const app = Fastify();
  app.post<{ Params: { account: string } }>('/move/:account', async (request) => {
    await move(Number(request.params.account));
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

interface Run {
  rate: number;
  p50: number;
  p99: number;
  count: number;
}

/** Each of `clients` sends `perClient` POSTs one after another, all clients at once. */
async function drive(
  clients: number,
  perClient: number,
  send: (client: number, n: number) => Promise<Response>,
): Promise<Run> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; n < perClient; n++) {
        const start = performance.now();
        const res = await send(client, n);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`bench request refused: ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { rate: latencies.length / seconds, p50: p(0.5), p99: p(0.99), count: latencies.length };
}

/**
 * Accepts over real HTTP: TRADERS traders at once, each accepting every live offer in turn (2 pairs
 * × 14 position types), so every request does the whole flow — checks, the open transaction with
 * its ledger movement, the paper order, the fill transaction — against one database.
 */
export async function benchAccept(): Promise<BenchRow[]> {
  const market = createControlledMarket(
    [...PAIRS, WARM_UP_PAIR].map((base, i) => ({ symbol: `${base}/USD`, price: 50_000 / (i + 1) })),
  );
  const t = await createTestApp({ overrides: { market, executor: createScriptedExecutor(market) } });
  try {
    const { ledger, settings } = t.app;
    const admin = await signUp(t.app, 'Bench admin');
    await settings.update({ guardrails: { maxOpenTrades: 1000 } }, admin.id);
    const offerIds: string[] = [];
    for (const base of PAIRS) {
      const pairId = await seedPair(t.db, `${base}/USD`);
      const price = (await market.fetchTicker(`${base}/USD`)).price;
      for (const positionType of POSITION_TYPES)
        offerIds.push(await seedOffer(t.db, { pairId, positionType, entryPrice: String(price) }));
    }
    // One live offer per pair and position type: the warm-up accepts take one on a pair of their own.
    const warmUpPairId = await seedPair(t.db, `${WARM_UP_PAIR}/USD`);
    const warmUpPrice = (await market.fetchTicker(`${WARM_UP_PAIR}/USD`)).price;
    const warmUpOfferId = await seedOffer(t.db, {
      pairId: warmUpPairId,
      positionType: 'long',
      entryPrice: String(warmUpPrice),
    });
    // On Pro: every trader accepts every offer, beyond the Free plan's monthly limit.
    const fundedTrader = async (name: string) => {
      const trader = await signUp(t.app, name);
      await grantPro(t.db, trader.id);
      await ledger.transact((tx) =>
        ledger.post(tx, {
          legs: [
            { system: 'external_card', amountCents: -1_000_000, kind: 'deposit' },
            { userId: trader.id, account: 'user_available', amountCents: 1_000_000, kind: 'deposit' },
          ],
        }),
      );
      return trader;
    };
    const traders: TestUser[] = [];
    const warmUpTraders: TestUser[] = [];
    for (let i = 0; i < TRADERS; i++) {
      traders.push(await fundedTrader(`Bench trader ${i}`));
      warmUpTraders.push(await fundedTrader(`Bench warm-up trader ${i}`));
    }
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const accept = (trader: TestUser, offerId: string, key: string) =>
      fetch(`${url}/api/offers/${offerId}/accept`, {
        method: 'POST',
        // As the web app sends it: an accept moves money, so it carries an Idempotency-Key.
        headers: { ...trader.auth, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ entryAmount: 25 }),
      });

    // Both servers are measured warm, as a running server is: one unmeasured round of requests
    // first (for the accepts by other traders, so the measured traders' first requests stay cold).
    const baseline = await startWriteBaseline(TRADERS);
    let base: Run;
    try {
      const move = (client: number) => fetch(`${baseline.url}/move/${client}`, { method: 'POST' });
      await drive(TRADERS, 1, move);
      base = await drive(TRADERS, offerIds.length, move);
    } finally {
      await baseline.close();
    }
    await drive(TRADERS, 1, (client) => accept(warmUpTraders[client]!, warmUpOfferId, `warm-up-${client}`));
    const accepts = await drive(TRADERS, offerIds.length, (client, n) =>
      accept(traders[client]!, offerIds[n]!, `bench-${client}-${n}`),
    );
    const mismatched = await ledger.mismatchedAccounts();
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    return [
      {
        name: `baseline: Fastify + one locked money write (${DB_KIND})`,
        value: `${base.rate.toFixed(0)} req/s`,
        detail: `p50 ${ms(base.p50)}, p99 ${ms(base.p99)}; ${base.count} requests by ${TRADERS} clients at once`,
      },
      {
        name: `accept an offer (${DB_KIND})`,
        value: `${accepts.rate.toFixed(0)} accepts/s`,
        detail: `p50 ${ms(accepts.p50)}, p99 ${ms(accepts.p99)}; ${accepts.count} accepts by ${TRADERS} traders at once; ledger ${mismatched.length === 0 ? 'whole' : 'MISMATCHED'}`,
      },
      {
        name: 'accept vs baseline',
        value: `${((accepts.rate / base.rate) * 100).toFixed(0)} % of req/s`,
        detail: `p99 ×${(accepts.p99 / Math.max(base.p99, 1)).toFixed(2)} (checks, order book, paper fill, two money statements; target ≥ 40 %, p99 ≤ ×2)`,
      },
    ];
  } finally {
    await t.close();
  }
}
