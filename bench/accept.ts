import { POSITION_TYPES } from '../src/contract/enums';
import { createControlledMarket } from '../src/server/modules/trading/testing/controlled-market';
import { createScriptedExecutor } from '../src/server/modules/trading/testing/scripted-executor';
import { seedOffer, seedPair } from '../src/server/modules/offers/testing/market-fixtures';
import { createTestApp, signUp, type TestUser } from '../src/server/testing/test-app';
import { DB_KIND } from './load';
import type { BenchRow } from './table';

const TRADERS = 20;
const PAIRS = ['BTC', 'ETH'];

/**
 * Accepts over real HTTP: TRADERS traders at once, each accepting every live offer in turn (2 pairs
 * × 14 position types), so every request does the whole flow — checks, the open transaction with
 * its ledger movement, the paper order, the fill transaction — against one database.
 */
export async function benchAccept(): Promise<BenchRow[]> {
  const market = createControlledMarket(
    PAIRS.map((base, i) => ({ symbol: `${base}/USD`, price: 50_000 / (i + 1) })),
  );
  const t = await createTestApp({ overrides: { market, executor: createScriptedExecutor(market) } });
  try {
    const { ledger, settings } = t.app.services;
    const admin = await signUp(t.app, 'Bench admin');
    await settings.update({ guardrails: { maxOpenTrades: 1000 } }, admin.id);
    const offerIds: string[] = [];
    for (const base of PAIRS) {
      const pairId = await seedPair(t.db, `${base}/USD`);
      const price = (await market.fetchTicker(`${base}/USD`)).price;
      for (const positionType of POSITION_TYPES)
        offerIds.push(await seedOffer(t.db, { pairId, positionType, entryPrice: String(price) }));
    }
    const traders: TestUser[] = [];
    for (let i = 0; i < TRADERS; i++) {
      const trader = await signUp(t.app, `Bench trader ${i}`);
      await ledger.transact((tx) =>
        ledger.post(tx, {
          legs: [
            { system: 'external_card', amountCents: -1_000_000, kind: 'deposit' },
            { userId: trader.id, account: 'user_available', amountCents: 1_000_000, kind: 'deposit' },
          ],
        }),
      );
      traders.push(trader);
    }
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      traders.map(async (trader) => {
        for (const offerId of offerIds) {
          const start = performance.now();
          const res = await fetch(`${url}/api/offers/${offerId}/accept`, {
            method: 'POST',
            headers: { ...trader.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ entryAmount: 25 }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - start);
          if (res.status !== 200) failures += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (failures > 0) throw new Error(`accept bench: ${failures} accepts were refused`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    const mismatched = await ledger.mismatchedAccounts();
    return [
      {
        name: `accept an offer (${DB_KIND})`,
        value: `${(latencies.length / seconds).toFixed(0)} accepts/s`,
        detail: `p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms; ${latencies.length} accepts by ${TRADERS} traders at once; ledger ${mismatched.length === 0 ? 'whole' : 'MISMATCHED'}`,
      },
    ];
  } finally {
    await t.close();
  }
}
