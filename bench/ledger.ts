import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import { createTestDatabase } from '../src/server/db/testing';
import { createLedgerService, type LedgerService } from '../src/server/modules/ledger/ledger.service';
import { DB_KIND } from './load';
import type { BenchRow } from './table';

const LONG_HISTORY = 100_000;

/**
 * An account with `entries` entries of its own: one posted deposit, then bulk +1/−1 cent movements
 * against the card account written by SQL. The bulk rows skip the running-balance trigger (in one
 * statement it would update the same row 100k times inside one transaction, which PostgreSQL makes
 * quadratic); the balance is then set to the entries' sum, exactly what the trigger would have left.
 */
async function seedAccount(db: Database, ledger: LedgerService, id: string, entries: number): Promise<void> {
  await db.insert(user).values({ id, name: id, email: `${id}@bench.example` });
  await ledger.transact((tx) =>
    ledger.post(tx, {
      legs: [
        { system: 'external_card', amountCents: -(entries + 100), kind: 'deposit' },
        { userId: id, account: 'user_available', amountCents: entries + 100, kind: 'deposit' },
      ],
    }),
  );
  const bulk = entries - 1;
  if (bulk <= 0) return;
  // Nothing else runs during the seed; the trigger is back on before any read.
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_running_balance`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with own as (select id from ledger_accounts where user_id = ${id} and kind = 'user_available'),
           card as (select id from ledger_accounts where user_id is null and kind = 'external_card'),
           moves as (select gen_random_uuid() as tx, g, case when g % 2 = 0 then 1 else -1 end as cents
                     from generate_series(1, ${bulk}) g)
      insert into ledger_entries (transaction_id, account_id, amount_cents, kind)
      select m.tx, own.id, m.cents, 'deposit' from moves m, own
      union all
      select m.tx, card.id, -m.cents, 'deposit' from moves m, card`);
  });
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_running_balance`);
  await db.execute(sql`
    update ledger_accounts a set balance_cents = (select coalesce(sum(amount_cents), 0) from ledger_entries e where e.account_id = a.id)
    where a.user_id = ${id}`);
  const mismatched = await ledger.mismatchedAccounts();
  if (mismatched.length > 0)
    throw new Error(`bench seed left ${mismatched.length} accounts off their entries`);
}

/** Reads of `userId`'s balances, interleaved in rounds with the other account so both see the same noise. */
async function timeReads(ledger: LedgerService, ids: [string, string], rounds: number, perRound: number) {
  const samples: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [i, id] of ids.entries()) {
      for (let n = 0; n < perRound; n++) {
        const start = performance.now();
        await ledger.balances(id);
        samples[i as 0 | 1].push(performance.now() - start);
      }
    }
  }
  const stat = (s: number[]) => {
    const sorted = [...s].sort((a, b) => a - b);
    const mean = s.reduce((a, b) => a + b, 0) / s.length;
    return { mean, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
  };
  return samples.map(stat) as [ReturnType<typeof stat>, ReturnType<typeof stat>];
}

/** The balance read with 10 versus 100,000 entries on the account (issue #7: within 1.5×). */
export async function benchLedger(): Promise<BenchRow[]> {
  const database = await createTestDatabase();
  try {
    const ledger = createLedgerService(database.db);
    await seedAccount(database.db, ledger, 'bench-short', 10);
    const seedStart = performance.now();
    await seedAccount(database.db, ledger, 'bench-long', LONG_HISTORY);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const [short, long] = await timeReads(ledger, ['bench-short', 'bench-long'], 20, 250);
    const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
    return [
      {
        name: `balance read, 10 entries (${DB_KIND})`,
        value: `${us(short.mean)} mean`,
        detail: `p99 ${us(short.p99)}; 5,000 reads`,
      },
      {
        name: `balance read, ${LONG_HISTORY.toLocaleString('en')} entries (${DB_KIND})`,
        value: `${us(long.mean)} mean`,
        detail: `p99 ${us(long.p99)}; seeded in ${seedSeconds.toFixed(1)} s`,
      },
      {
        name: 'balance read, 100k vs 10 entries',
        value: `×${(long.mean / short.mean).toFixed(2)} mean`,
        detail: `p99 ×${(long.p99 / Math.max(short.p99, 0.001)).toFixed(2)}; target ≤ ×1.5`,
      },
    ];
  } finally {
    await database.close();
  }
}
