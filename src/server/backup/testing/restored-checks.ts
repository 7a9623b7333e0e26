/**
 * What a test asserts of a restored database on its own, beside the restore's report: the ledger
 * balances, the audit chain verifies, the facts equal the manifest's, and each trader's balance is
 * what the restored payments say they deposited (read from the payments table, not the ledger).
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { payments } from '../../db/schema';
import { createLedgerService } from '../../modules/ledger/ledger.service';
import { createLogsService } from '../../modules/logs/logs.service';
import { readFacts } from '../facts';
import type { BackupManifest } from '../manifest';
import type { Trader } from './deposit-burst';

export async function expectWholeRestore(
  handle: DatabaseHandle,
  manifest: BackupManifest,
  traders: Trader[],
): Promise<void> {
  const ledger = createLedgerService(handle.db);
  expect(await ledger.mismatchedAccounts()).toEqual([]);
  const totals = await ledger.totalsByKind();
  expect(totals.reduce((sum, row) => sum + row.totalCents, 0)).toBe(0);
  const chain = await createLogsService(handle.db).verifyAuditChain();
  expect(chain).toMatchObject({ intact: true });
  expect(chain.rows).toBeGreaterThan(0);
  expect(await readFacts(handle.db)).toEqual(manifest.facts);
  for (const trader of traders) {
    const [deposited] = await handle.db
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(
        and(eq(payments.userId, trader.id), eq(payments.type, 'deposit'), eq(payments.status, 'completed')),
      );
    const balances = await ledger.balances(trader.id);
    expect(balances.availableCents).toBe(Number(deposited?.cents));
    expect(balances.availableCents).toBeGreaterThan(0);
  }
}
