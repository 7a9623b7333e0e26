/**
 * A restore proves itself: the audit chain verifies and still ends at the row the backup ended
 * at, every running balance equals the sum of its entries and all accounts sum to zero (DESIGN:
 * Money), and the ledger's totals, the migrations and every table's row count equal the
 * manifest's, read in the snapshot the dump came from.
 */
import type { DatabaseHandle } from '../db/client';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { createLogsService } from '../modules/logs/logs.service';
import { readFacts, type BackupFacts } from './facts';
import type { BackupManifest } from './manifest';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const json = (value: unknown) => JSON.stringify(value);

function differences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) => `${name}: ${expected[name] ?? 'absent'} in the backup, ${actual[name] ?? 'absent'} restored`,
    );
}

async function auditCheck(
  handle: DatabaseHandle,
  expected: BackupFacts,
  actual: BackupFacts,
): Promise<Check> {
  const chain = await createLogsService(handle.db).verifyAuditChain();
  const name = 'audit chain';
  if (!chain.intact)
    return {
      name,
      ok: false,
      detail: `broken at row ${chain.firstBrokenId} (${chain.reason}), ${chain.rows} rows`,
    };
  if (json(actual.auditHead) !== json(expected.auditHead))
    return {
      name,
      ok: false,
      detail: `intact but ends at ${json(actual.auditHead)}, the backup's ended at ${json(expected.auditHead)}`,
    };
  const head = expected.auditHead ? `, ending at row ${expected.auditHead.id} as in the backup` : '';
  return { name, ok: true, detail: `intact: ${chain.rows} rows${head}` };
}

async function balancesCheck(handle: DatabaseHandle, actual: BackupFacts): Promise<Check> {
  const name = 'balances';
  const mismatched = await createLedgerService(handle.db).mismatchedAccounts();
  if (mismatched.length > 0)
    return {
      name,
      ok: false,
      detail: `${mismatched.length} running balances differ from their entries: ${json(mismatched.slice(0, 3))}`,
    };
  const sum = Object.values(actual.ledgerTotalsByKind).reduce((total, cents) => total + cents, 0);
  if (sum !== 0) return { name, ok: false, detail: `the ledger's accounts sum to ${sum} cents, not 0` };
  const accounts = actual.tables['public.ledger_accounts'] ?? 0;
  return {
    name,
    ok: true,
    detail: `every running balance equals its entries; the ${accounts} accounts sum to 0`,
  };
}

function sameCheck(
  name: string,
  expected: Record<string, number>,
  actual: Record<string, number>,
  what: string,
): Check {
  const diff = differences(expected, actual);
  if (diff.length > 0) return { name, ok: false, detail: diff.slice(0, 10).join('; ') };
  return { name, ok: true, detail: what };
}

export async function verifyRestored(handle: DatabaseHandle, manifest: BackupManifest): Promise<Check[]> {
  const expected = manifest.facts;
  const actual = await readFacts(handle.db);
  const rows = Object.values(actual.tables).reduce((total, n) => total + n, 0);
  const available = (expected.ledgerTotalsByKind['user_available'] ?? 0) / 100;
  return [
    await auditCheck(handle, expected, actual),
    await balancesCheck(handle, actual),
    sameCheck(
      'ledger totals',
      expected.ledgerTotalsByKind,
      actual.ledgerTotalsByKind,
      `the same per account kind as in the backup (traders' available: $${available.toFixed(2)})`,
    ),
    sameCheck(
      'row counts',
      expected.tables,
      actual.tables,
      `${Object.keys(actual.tables).length} tables, ${rows} rows, as in the backup`,
    ),
    migrationsCheck(expected, actual),
  ];
}

function migrationsCheck(expected: BackupFacts, actual: BackupFacts): Check {
  const describe = ({ migrations: { count, head } }: BackupFacts) =>
    `${count} applied${head ? `, the newest of ${new Date(head.createdAt).toISOString().slice(0, 10)}` : ''}`;
  if (json(actual.migrations) === json(expected.migrations))
    return { name: 'migrations', ok: true, detail: `${describe(actual)}, as in the backup` };
  return { name: 'migrations', ok: false, detail: `${describe(actual)}; the backup: ${describe(expected)}` };
}
