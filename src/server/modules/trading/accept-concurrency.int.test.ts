import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_TYPES } from '../../../contract/enums';
import { trades } from '../../db/schema';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

const PAIRS = [
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'ADA',
  'DOT',
  'LTC',
  'LINK',
  'ATOM',
  'XLM',
  'DOGE',
  'AVAX',
  'UNI',
  'ALGO',
  'ETC',
];

/**
 * Bursts against one balance (PGlite by default; PostgreSQL with DATABASE_URL): simultaneous
 * accepts, and accepts mixed with withdrawals, succeed exactly as far as the money goes and not a
 * cent further, and every refusal leaves nothing behind.
 */
describe('simultaneous accepts against one balance', () => {
  let w: TradingWorld;
  let offerIds: string[];
  beforeAll(async () => {
    w = await createTradingWorld({
      pairs: PAIRS.map((base, i) => ({ symbol: `${base}/USD`, price: 10 + i * 7 })),
    });
    await w.setGuardrails({ maxOpenTrades: 1000 });
    // 15 pairs × 14 position types: 210 live offers.
    offerIds = [];
    for (const base of PAIRS)
      for (const positionType of POSITION_TYPES)
        offerIds.push(await w.offer(`${base}/USD`, { positionType }));
  }, 120_000);
  afterAll(async () => w.close());

  async function settle(user: TestUser) {
    const balances = await w.balances(user);
    const rows = await w.t.db.select().from(trades).where(eq(trades.userId, user.id));
    return { balances, rows };
  }

  it('200 accepts of $10 with $1,000: exactly 100 open, the balance spent to the cent', async () => {
    const trader = await w.trader('Burst', 100_000);
    const results = await Promise.all(
      offerIds.slice(0, 200).map((id) => w.accept(trader, id, { entryAmount: 10 })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 400)).toHaveLength(100);
    for (const refused of results.filter((r) => r.statusCode === 400))
      expect(refused.json<{ error: string }>().error).toMatch(
        /^Insufficient balance: available \$\d+\.\d\d, entry \$10\.00$/,
      );

    const { balances, rows } = await settle(trader);
    expect(balances).toEqual({ availableCents: 0, heldCents: 0, positionsCents: 100_000 });
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.status === 'open' && r.filledAt !== null)).toBe(true);
    expect(await w.t.app.ledger.mismatchedAccounts()).toEqual([]);
  }, 180_000);

  it('accepts and withdrawals together never spend more than the balance', async () => {
    const trader = await w.trader('Mixed', 150_000);
    const accepts = offerIds
      .slice(0, 150)
      .map((id) => ({ cents: 1_000, call: () => w.accept(trader, id, { entryAmount: 10 }) }));
    const withdrawals = Array.from({ length: 50 }, () => ({
      cents: 2_000,
      call: () =>
        w.t.app.inject({
          method: 'POST',
          url: '/api/payments/withdrawal',
          headers: trader.auth,
          payload: { amount: 20 },
        }),
    }));
    // Interleaved: three accepts, a withdrawal, three accepts, ... ($2,500 asked of $1,500).
    const calls = accepts.flatMap((accept, i) =>
      i % 3 === 2 ? [accept, withdrawals[(i - 2) / 3]!] : [accept],
    );
    const results = await Promise.all(calls.map(async (c) => ({ cents: c.cents, res: await c.call() })));
    const spent = results.filter((r) => r.res.statusCode === 200).reduce((sum, r) => sum + r.cents, 0);
    for (const r of results) expect([200, 400], r.res.body).toContain(r.res.statusCode);

    const { balances, rows } = await settle(trader);
    expect(balances.availableCents).toBe(150_000 - spent);
    expect(balances.availableCents).toBeGreaterThanOrEqual(0);
    expect(balances.positionsCents + balances.heldCents).toBe(spent);
    expect(rows.filter((r) => r.status === 'open')).toHaveLength(balances.positionsCents / 1_000);
    // Refused only when the money had run out: what is left fits no refused request.
    const refusedCents = results.filter((r) => r.res.statusCode === 400).map((r) => r.cents);
    if (refusedCents.length > 0) expect(balances.availableCents).toBeLessThan(Math.min(...refusedCents));
    expect(await w.t.app.ledger.mismatchedAccounts()).toEqual([]);
  }, 180_000);

  it('a burst cannot open more trades than the open-trade guardrail allows', async () => {
    await w.setGuardrails({ maxOpenTrades: 3 });
    const trader = await w.trader('Limited', 100_000);
    const results = await Promise.all(
      offerIds.slice(0, 20).map((id) => w.accept(trader, id, { entryAmount: 10 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const refused of results.filter((r) => r.statusCode !== 200))
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { error: 'Guardrail: at most 3 open trades' },
      ]);
    const { balances, rows } = await settle(trader);
    expect(rows).toHaveLength(3);
    expect(balances).toEqual({ availableCents: 97_000, heldCents: 0, positionsCents: 3_000 });
    await w.setGuardrails({ maxOpenTrades: 1000 });
  }, 120_000);
});
