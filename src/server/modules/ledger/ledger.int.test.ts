import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { findPgError, PG_CHECK_VIOLATION } from '../../db/errors';
import { ledgerEntries, user } from '../../db/schema';
import { createTestDatabase } from '../../db/testing';
import { createLedgerService, InsufficientFundsError, type LedgerService } from './ledger.service';

let handle: DatabaseHandle;
let ledger: LedgerService;
let seq = 0;

async function newUser(): Promise<string> {
  const id = `ledger-user-${++seq}`;
  await handle.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

const deposit = (userId: string, cents: number) =>
  ledger.transact((tx) =>
    ledger.post(tx, {
      legs: [
        { system: 'external_card', amountCents: -cents, kind: 'deposit' },
        { userId, account: 'user_available', amountCents: cents, kind: 'deposit' },
      ],
    }),
  );
const hold = (userId: string, cents: number) =>
  ledger.transact((tx) =>
    ledger.post(tx, {
      legs: [
        { userId, account: 'user_available', amountCents: -cents, kind: 'withdrawal_hold' },
        { userId, account: 'user_held', amountCents: cents, kind: 'withdrawal_hold' },
      ],
    }),
  );
const release = (userId: string, cents: number) =>
  ledger.transact((tx) =>
    ledger.post(tx, {
      legs: [
        { userId, account: 'user_held', amountCents: -cents, kind: 'withdrawal_release' },
        { userId, account: 'user_available', amountCents: cents, kind: 'withdrawal_release' },
      ],
    }),
  );

beforeAll(async () => {
  handle = await createTestDatabase();
  ledger = createLedgerService(handle.db);
});
afterAll(async () => handle.close());

describe('ledger posting', () => {
  it('moves money between accounts and reads the running balances', async () => {
    const u = await newUser();
    await deposit(u, 10_000);
    await hold(u, 2_500);
    expect(await ledger.balances(u)).toEqual({ availableCents: 7_500, heldCents: 2_500, positionsCents: 0 });
    await release(u, 2_500);
    expect((await ledger.balances(u)).availableCents).toBe(10_000);
  });

  it("opens all of a user's accounts at their first movement and reports balances around each", async () => {
    const u = await newUser();
    const first = await deposit(u, 4_000);
    const { rows } = await handle.db.execute<{ kind: string }>(
      sql`select kind from ledger_accounts where user_id = ${u} order by kind`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['user_available', 'user_held', 'user_positions']);
    expect(first.before(u)).toEqual({ availableCents: 0, heldCents: 0, positionsCents: 0 });
    expect(first.after(u)).toEqual({ availableCents: 4_000, heldCents: 0, positionsCents: 0 });
    const held = await hold(u, 1_500);
    expect(held.before(u)).toEqual(first.after(u));
    expect(held.after(u)).toEqual({ availableCents: 2_500, heldCents: 1_500, positionsCents: 0 });
    expect(held.after(u)).toEqual(await ledger.balances(u));
    expect(() => held.after('someone-else')).toThrow(/no part in this movement/);
  });

  it('refuses to take an account below zero and writes nothing', async () => {
    const u = await newUser();
    await deposit(u, 1_000);
    const before = await handle.db.$count(ledgerEntries);
    const error = await hold(u, 1_001).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({ account: 'user_available', balanceCents: 1_000, requestedCents: 1_001 });
    expect(await handle.db.$count(ledgerEntries)).toBe(before);
    expect((await ledger.balances(u)).availableCents).toBe(1_000);
  });

  it('refuses unbalanced, fractional and zero legs', async () => {
    const u = await newUser();
    const post = (legs: Parameters<LedgerService['post']>[1]['legs']) =>
      ledger.transact((tx) => ledger.post(tx, { legs }));
    await expect(
      post([
        { system: 'external_card', amountCents: -100, kind: 'deposit' },
        { userId: u, account: 'user_available', amountCents: 99, kind: 'deposit' },
      ]),
    ).rejects.toThrow(/unbalanced by -1 cents/);
    await expect(
      post([
        { system: 'external_card', amountCents: -0.5, kind: 'deposit' },
        { userId: u, account: 'user_available', amountCents: 0.5, kind: 'deposit' },
      ]),
    ).rejects.toThrow(/whole cents/);
    await expect(
      post([
        { system: 'external_card', amountCents: 0, kind: 'deposit' },
        { userId: u, account: 'user_available', amountCents: 0, kind: 'deposit' },
      ]),
    ).rejects.toThrow(/non-zero/);
  });

  it('the database itself refuses a negative running balance and edits of entries', async () => {
    const u = await newUser();
    await deposit(u, 500);
    const negative = await handle.db
      .execute(sql`update ledger_accounts set balance_cents = -1 where user_id = ${u}`)
      .catch((e: unknown) => e);
    expect(findPgError(negative)).toMatchObject({
      code: PG_CHECK_VIOLATION,
      constraint: 'ledger_accounts_balance_check',
    });
    const edit = await handle.db
      .execute(
        sql`update ledger_entries set amount_cents = 1 where account_id in (select id from ledger_accounts where user_id = ${u})`,
      )
      .catch((e: unknown) => e);
    expect(findPgError(edit)?.message).toMatch(/immutable/);
  });

  it('spends one balance exactly as far as it goes under 100 concurrent movements', async () => {
    const u = await newUser();
    await deposit(u, 10_000);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => hold(u, 300)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(33);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await ledger.balances(u)).toEqual({ availableCents: 100, heldCents: 9_900, positionsCents: 0 });
  });

  it('keeps every running balance equal to the sum of its entries under random movements', async () => {
    const users = [await newUser(), await newUser(), await newUser()];
    const op = fc.record({
      user: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('deposit', 'hold', 'release'),
      cents: fc.integer({ min: 1, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const { user: i, kind, cents } of ops) {
          const u = users[i]!;
          const move = kind === 'deposit' ? deposit : kind === 'hold' ? hold : release;
          await move(u, cents).catch((e: unknown) => {
            if (!(e instanceof InsufficientFundsError)) throw e;
          });
        }
        expect(await ledger.mismatchedAccounts()).toEqual([]);
        const totals = await ledger.totalsByKind();
        expect(totals.reduce((s, t) => s + t.totalCents, 0)).toBe(0);
      }),
      { numRuns: 20 },
    );
  });
});

describe('transact with an idempotency scope', () => {
  it('stores the answer with the movement, and nothing when the movement fails', async () => {
    const u = await newUser();
    const scope = { userId: u, key: 'key-00000001' };
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'claimed' });
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'in_flight' });
    expect(await ledger.idempotency.claim(scope, 'h2')).toEqual({ kind: 'mismatch' });
    await ledger.transact(async (tx) => {
      await ledger.post(tx, {
        legs: [
          { system: 'external_card', amountCents: -700, kind: 'deposit' },
          { userId: u, account: 'user_available', amountCents: 700, kind: 'deposit' },
        ],
      });
      return { balance: 7 };
    }, scope);
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({
      kind: 'replay',
      statusCode: 200,
      response: { balance: 7 },
    });

    const failing = { userId: u, key: 'key-00000002' };
    await ledger.idempotency.claim(failing, 'h1');
    await expect(
      ledger.transact(async (tx) => {
        await ledger.post(tx, {
          legs: [
            { userId: u, account: 'user_available', amountCents: -100_000, kind: 'withdrawal_hold' },
            { userId: u, account: 'user_held', amountCents: 100_000, kind: 'withdrawal_hold' },
          ],
        });
        return { never: true };
      }, failing),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await ledger.idempotency.claim(failing, 'h1')).toEqual({ kind: 'in_flight' });
    await ledger.idempotency.release(failing);
    expect(await ledger.idempotency.claim(failing, 'h1')).toEqual({ kind: 'claimed' });
    expect((await ledger.balances(u)).availableCents).toBe(700);
  });

  it('hands an unanswered claim to the same request only once it is over a minute old', async () => {
    const u = await newUser();
    const scope = { userId: u, key: 'key-00000003' };
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'claimed' });
    const age = (seconds: number) =>
      handle.db.execute(
        sql`update idempotency_keys set created_at = now() - make_interval(secs => ${seconds})
            where user_id = ${u} and key = ${scope.key}`,
      );
    await age(50);
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'in_flight' });
    await age(70);
    expect(await ledger.idempotency.claim(scope, 'h2')).toEqual({ kind: 'mismatch' });
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'claimed' });
    // Taken over: the claim is new again.
    expect(await ledger.idempotency.claim(scope, 'h1')).toEqual({ kind: 'in_flight' });
  });
});
