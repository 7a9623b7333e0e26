/**
 * The audit log's hash chain: concurrent writers still form one valid chain, the table refuses
 * changes, and an edit made behind its back (trigger disabled, as the table's owner could) is
 * named by System Health and by `npm run audit:verify` run as a separate process.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { migrateDatabase, migrationsFolder } from '../../db/migrate';
import { auditLogs } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { createScheduleLeases } from '../system/schedule-leases.repo';
import { AUDIT_CHAIN_CHECK_TTL_MS, createSystemHealth } from '../system/system-health';
import { createLogsService } from './logs.service';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('audit hash chain in the app', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
  });
  afterAll(async () => t.close());

  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ auditChain: unknown; activePairs: number; queue: object }>();
  };

  it('stays one valid chain under concurrent admin mutations and standalone writers', async () => {
    const before = (await t.db.select().from(auditLogs)).length;
    const patches = Array.from({ length: 12 }, (_, i) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/global-settings',
        headers: admin.auth,
        payload: { chatgptMaxRequests: 10 + i },
      }),
    );
    const standalone = Array.from({ length: 12 }, (_, i) =>
      t.app.logs.audit({ userId: null, action: 'test.concurrent', details: { i } }),
    );
    const secrets = Array.from({ length: 4 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-secrets',
        headers: admin.auth,
        payload: { label: `key ${i}` },
      }),
    );
    const responses = await Promise.all([...patches, ...secrets]);
    await Promise.all(standalone);
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);

    const rows = await t.db.select().from(auditLogs).orderBy(auditLogs.id);
    expect(rows.length - before).toBe(28);
    rows.forEach((row, i) => expect(row.prevHash).toBe(i === 0 ? '' : rows[i - 1]!.hash));
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    expect(await t.app.logs.verifyAuditChain()).toEqual({ intact: true, rows: rows.length });
    // The head is the newest row by number, not by the text of its id (9 sorts after 28).
    expect(rows.some((r) => r.id < 10) && rows.some((r) => r.id >= 10)).toBe(true);
    expect(await t.app.logs.auditChainHead()).toEqual({ id: rows.at(-1)!.id, hash: rows.at(-1)!.hash });

    // Before and after of an admin mutation are in the row.
    const settings = rows.filter((r) => r.action === 'global_settings.update');
    const values = settings.map((r) => {
      const d = r.details as {
        before: { chatgptMaxRequests: number };
        after: { chatgptMaxRequests: number };
      };
      return [d.before.chatgptMaxRequests, d.after.chatgptMaxRequests];
    });
    // Serialised writes: each row's "before" is the previous row's "after".
    for (let i = 1; i < values.length; i++) expect(values[i]![0]).toBe(values[i - 1]![1]);
    // The four creations ran at once, so their rows come in any order: the first key's own row.
    const created = rows.find(
      (r) =>
        r.action === 'webhook_secret.create' &&
        (r.details as { after?: { label?: string } } | null)?.after?.label === 'key 0',
    );
    expect(created).toMatchObject({ userId: admin.id, details: { before: null, after: { label: 'key 0' } } });
    expect(JSON.stringify(created?.details)).not.toMatch(/secret"?:\s*"whsec/);
  });

  it('refuses to change or remove an audit row', async () => {
    await t.app.logs.audit({ userId: null, action: 'test.row', details: {} });
    // drizzle wraps the database's error; its cause is PostgreSQL's message.
    const refusal = (query: ReturnType<typeof sql>) =>
      t.db.execute(query).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message),
      );
    expect(await refusal(sql`update audit_logs set action = 'x'`)).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(sql`delete from audit_logs`)).toMatch(/append-only \(DELETE refused\)/);
    expect(await refusal(sql`truncate audit_logs`)).toMatch(/append-only \(TRUNCATE refused\)/);
  });

  it('names the first changed row in System Health, to admins only', async () => {
    const rows = await t.db.select().from(auditLogs).orderBy(auditLogs.id);
    const victim = rows[3]!;
    // One check serves every read for a minute.
    let clock = 0;
    const cached = createSystemHealth({
      pingDatabase: () => t.db.execute(sql`select 1`),
      market: t.app.market,
      logs: t.app.logs,
      queues: [],
      schedules: createScheduleLeases(t.db),
      publicationGate: () => Promise.resolve(null),
      mail: () => t.app.mailer.status(),
      now: () => clock,
    });
    expect((await cached.read()).auditChain).toEqual({ intact: true, rows: rows.length });
    await t.db.execute(sql`alter table audit_logs disable trigger user`);
    await t.db.execute(
      sql`update audit_logs set details = ${JSON.stringify({ forged: true })}::jsonb where id = ${victim.id}`,
    );
    await t.db.execute(sql`alter table audit_logs enable trigger user`);
    expect((await cached.read()).auditChain).toMatchObject({ intact: true });
    clock += AUDIT_CHAIN_CHECK_TTL_MS;
    expect((await cached.read()).auditChain).toMatchObject({
      intact: false,
      firstBrokenId: String(victim.id),
    });
    const status = await health();
    expect(status.auditChain).toEqual({
      intact: false,
      rows: rows.length,
      firstBrokenId: String(victim.id),
      reason: 'hash',
    });
    expect(status).toHaveProperty('activePairs');
    expect(status).toHaveProperty('queue');
    // No backtest has run on this app, so no gate has been judged yet.
    expect(status).toHaveProperty('publicationGate', null);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: trader.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('npm run audit:verify', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-audit-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const withDatabase = async (work: (db: Awaited<ReturnType<typeof createDatabase>>) => Promise<void>) => {
    const handle = await createDatabase({ dataDir: dir });
    try {
      await work(handle);
    } finally {
      await handle.close();
    }
  };
  const verify = async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    try {
      const { stdout } = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: REPO_ROOT, env });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };

  it('prints intact for an untouched chain and names the edited row, exiting non-zero', async () => {
    const ids: number[] = [];
    await withDatabase(async (handle) => {
      await migrateDatabase(handle);
      const logs = createLogsService(handle.db);
      for (let i = 0; i < 5; i++)
        await logs.audit({ userId: null, action: 'test.entry', details: { i, note: 'caf\u00e9 "quoted"' } });
      ids.push(...(await handle.db.select({ id: auditLogs.id }).from(auditLogs)).map((r) => r.id));
    });
    expect(ids).toHaveLength(5);

    const intact = await verify();
    expect(intact.stdout).toMatch(/audit chain intact \(5 rows\)/);
    expect(intact.code).toBe(0);

    await withDatabase(async (handle) => {
      await handle.db.execute(sql`alter table audit_logs disable trigger user`);
      await handle.db.execute(sql`update audit_logs set action = 'test.forged' where id = ${ids[2]}`);
      await handle.db.execute(sql`alter table audit_logs enable trigger user`);
    });
    const broken = await verify();
    expect(broken.stdout).toMatch(new RegExp(`audit chain broken at row ${ids[2]}: its content`));
    expect(broken.code).toBe(1);

    // A removed row shows as the broken link of the row after it.
    await withDatabase(async (handle) => {
      await handle.db.execute(sql`alter table audit_logs disable trigger user`);
      await handle.db.execute(sql`update audit_logs set action = 'test.entry' where id = ${ids[2]}`);
      await handle.db.execute(sql`delete from audit_logs where id = ${ids[1]}`);
      await handle.db.execute(sql`alter table audit_logs enable trigger user`);
    });
    const gap = await verify();
    expect(gap.stdout).toMatch(new RegExp(`audit chain broken at row ${ids[2]}: its link`));
    expect(gap.code).toBe(1);
  }, 60_000);
});

describe('migration 0012 on a database that already has audit rows', () => {
  it('chains the existing rows in id order, then appends to them', async () => {
    // The migrations as they were before 0012.
    const before = mkdtempSync(path.join(tmpdir(), 'heatsignal-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0012');
    writeFileSync(journalFile, JSON.stringify(journal));
    const handle = await createDatabase({ inMemory: true });
    try {
      await migrateDatabase(handle, { migrationsFolder: before });
      await handle.db.execute(sql`
        insert into audit_logs (action, details, timestamp) values
          ('old.one', '{"b": 1, "a": [1.50, "x"]}', '2026-01-01T00:00:00.123456Z'),
          ('old.two', null, '2026-01-02T00:00:00Z'),
          ('old.three', '{"note": "café"}', '2026-01-03T00:00:00Z')`);
      await migrateDatabase(handle);
      const logs = createLogsService(handle.db);
      expect(await logs.verifyAuditChain()).toEqual({ intact: true, rows: 3 });
      await logs.audit({ userId: null, action: 'new.one', details: { after: 1 } });
      const rows = await handle.db.select().from(auditLogs).orderBy(auditLogs.id);
      expect(rows.map((r) => r.action)).toEqual(['old.one', 'old.two', 'old.three', 'new.one']);
      expect(rows[0]?.prevHash).toBe('');
      rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]!.hash));
      expect(await logs.verifyAuditChain()).toEqual({ intact: true, rows: 4 });
    } finally {
      await handle.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});
