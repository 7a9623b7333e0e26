/**
 * Crash safety on PostgreSQL (issue #7): a real server process, killed with SIGKILL in the middle
 * of a burst of deposits and withdrawals, leaves every committed movement whole and no half of
 * one. Runs against the machine's PostgreSQL server (DATABASE_URL, else the local default) in a
 * database of its own, dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE_ENTRY } from '../../scripts/build-server';
import { jsonPost, signUp } from './testing/http-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPO = path.resolve(import.meta.dirname, '../..');
const dbName = `heatsignal_crash_${randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-crash-'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE_ENTRY], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // Serving only (no market or analyses): an api process needs Redis, which every machine runs.
      ROLE: 'api',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'crash-test-secret-that-is-long-enough-0123',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/me`)).status === 401) return { base, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 30 s');
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The bundled server, as an operator runs it: a start through tsx compiled the server first.
  await buildServer();
  await admin((c) => c.query(`create database "${dbName}"`));
}, 60_000);

afterAll(async () => {
  await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a server killed with SIGKILL during a burst of money movements', () => {
  it('leaves every committed movement whole and no half-movement', async () => {
    const server = await startServer();
    const users = [await signUp(server.base, 'Alice'), await signUp(server.base, 'Bob')];
    const tokens = users.map((u) => u.token);
    // Give both some money first, so withdrawals have something to hold.
    for (const token of tokens)
      expect(
        (
          await jsonPost(
            server.base,
            '/api/payments/deposit',
            { amount: 500, paymentMethodId: 'pm_card_visa' },
            token,
          )
        ).status,
      ).toBe(200);

    const answered: { token: string; kind: string; status: number; body: unknown }[] = [];
    let sent = 0;
    let killed = false;
    const fire = async (lane: number): Promise<void> => {
      while (!killed) {
        const n = sent++;
        const token = tokens[n % 2]!;
        const kind = n % 3 === 2 ? 'withdrawal' : 'deposit';
        const body =
          kind === 'deposit'
            ? {
                amount: 10 + (n % 7),
                paymentMethodId: n % 5 === 4 ? 'pm_card_chargeDeclined' : 'pm_card_visa',
              }
            : { amount: 20 + (n % 3) };
        try {
          const res = await jsonPost(server.base, `/api/payments/${kind}`, body, token);
          answered.push({ token, kind, status: res.status, body: await res.json() });
        } catch {
          return; // the connection died with the server
        }
        if (answered.length >= 150 && lane === 0 && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, lane) => fire(lane)));
    expect(await server.exited).toBe('SIGKILL');
    expect(answered.filter((a) => a.status === 200).length).toBeGreaterThan(50);
    // The kill cut requests off mid-way, not between bursts.
    expect(sent - answered.length).toBeGreaterThan(0);

    interface PaymentLegs {
      id: string;
      type: string;
      status: string;
      amount: number;
      available: number;
      held: number;
      legs: number;
    }
    {
      const q = (text: string) => query(text);
      // Every movement's legs sum to zero, and every running balance equals its entries.
      expect(
        await q(
          `select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
        ),
      ).toEqual([]);
      expect(
        await q(`select a.id from ledger_accounts a left join (select account_id, sum(amount_cents) s from ledger_entries group by account_id) e
                 on e.account_id = a.id where a.user_id is not null and a.balance_cents <> coalesce(e.s, 0)`),
      ).toEqual([]);
      // A payment's status and its entries agree: completed deposits are credited exactly once,
      // pending withdrawals are held exactly once, nothing else moved money.
      const payments = await query<PaymentLegs>(`
        select p.id, p.type, p.status, p.amount_cents::int as amount,
               coalesce(sum(e.amount_cents) filter (where la.kind = 'user_available'), 0)::int as available,
               coalesce(sum(e.amount_cents) filter (where la.kind = 'user_held'), 0)::int as held,
               count(e.id)::int as legs
        from payments p left join ledger_entries e on e.payment_id = p.id
        left join ledger_accounts la on la.id = e.account_id
        group by p.id`);
      for (const p of payments) {
        if (p.type === 'deposit' && p.status === 'completed')
          expect(p).toMatchObject({ available: p.amount, legs: 2 });
        else if (p.type === 'withdrawal' && p.status === 'pending')
          expect(p).toMatchObject({ available: -p.amount, held: p.amount, legs: 2 });
        else expect(p).toMatchObject({ legs: 0 });
      }
      // Every answer the clients got before the kill is in the database as they were told.
      const byId = new Map(payments.map((p) => [p.id, p.status]));
      for (const a of answered.filter((x) => x.status === 200)) {
        const { payment } = a.body as { payment: { id: string; status: string } };
        expect(byId.get(payment.id)).toBe(payment.status);
      }
    }

    // A restarted server reads the same balances the entries say.
    const again = await startServer();
    try {
      for (const { token, id } of users) {
        const res = await fetch(`${again.base}/api/payments/balance`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        const { balance, held } = (await res.json()) as { balance: number; held: number };
        const [row] = await query<{ available: number; held: number }>(
          `select coalesce(sum(e.amount_cents) filter (where a.kind = 'user_available'), 0)::int as available,
                  coalesce(sum(e.amount_cents) filter (where a.kind = 'user_held'), 0)::int as held
           from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1`,
          [id],
        );
        expect({ balance: Math.round(balance * 100), held: Math.round(held * 100) }).toEqual({
          balance: row!.available,
          held: row!.held,
        });
      }
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 180_000);
});
