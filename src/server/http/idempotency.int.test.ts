import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { user } from '../db/schema';
import { createTestDatabase } from '../db/testing';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { badRequest, registerErrorHandler } from './errors';
import { IDEMPOTENCY_IN_FLIGHT, IDEMPOTENCY_MISMATCH, idempotent } from './idempotency';

/** A money-like route whose work counts its runs and can be held open or made to fail. */
let handle: DatabaseHandle;
let app: FastifyInstance;
let runs = 0;
let gate: Promise<void> | null = null;
const USER = 'idem-user';

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values({ id: USER, name: 'Idem', email: 'idem@example.com' });
  const ledger = createLedgerService(handle.db);
  app = Fastify();
  registerErrorHandler(app);
  app.post<{ Body: { amount: number; outcome?: string } }>('/move/:id', async (request, reply) =>
    idempotent(request, reply, USER, ledger, async (scope) => {
      runs += 1;
      // Outside the transaction, like a card provider call (PGlite runs one transaction at a time).
      if (gate) await gate;
      return ledger.transact(async () => {
        if (request.body.outcome === 'refuse') throw badRequest('Refused on purpose');
        if (request.body.outcome === 'crash') throw new Error('boom');
        return { run: runs, amount: request.body.amount };
      }, scope);
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

const post = (body: object, key?: string, id = '1') =>
  app.inject({
    method: 'POST',
    url: `/move/${id}`,
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key', () => {
  it('without a key every request runs', async () => {
    const before = runs;
    await post({ amount: 1 });
    await post({ amount: 1 });
    expect(runs - before).toBe(2);
  });

  it('the same key and body return the first answer and run nothing again', async () => {
    const first = await post({ amount: 5, note: { b: 1, a: 2 } }, 'key-replay-1');
    const before = runs;
    // Same body with its keys in another order.
    const again = await post({ note: { a: 2, b: 1 }, amount: 5 }, 'key-replay-1');
    expect(runs).toBe(before);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('the same key with another body or another route is refused with 422', async () => {
    await post({ amount: 5 }, 'key-mismatch-1');
    const other = await post({ amount: 6 }, 'key-mismatch-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MISMATCH });
    expect((await post({ amount: 5 }, 'key-mismatch-1', '2')).statusCode).toBe(422);
  });

  it('a retry while the first is in flight gets 409, then the answer', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post({ amount: 9 }, 'key-inflight-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const retry = await post({ amount: 9 }, 'key-inflight-1');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ error: IDEMPOTENCY_IN_FLIGHT });
    gate = null;
    open();
    const answer = await first;
    expect(answer.statusCode).toBe(200);
    expect((await post({ amount: 9 }, 'key-inflight-1')).json()).toEqual(answer.json());
  });

  it('a refusal is stored and replayed; a server failure lets the retry run', async () => {
    const refused = await post({ amount: 1, outcome: 'refuse' }, 'key-refuse-1');
    expect(refused.statusCode).toBe(400);
    const before = runs;
    const again = await post({ amount: 1, outcome: 'refuse' }, 'key-refuse-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Refused on purpose' });
    expect(runs).toBe(before);

    expect((await post({ amount: 1, outcome: 'crash' }, 'key-crash-1')).statusCode).toBe(500);
    const runsAfterCrash = runs;
    expect((await post({ amount: 1, outcome: 'crash' }, 'key-crash-1')).statusCode).toBe(500);
    expect(runs).toBe(runsAfterCrash + 1);
  });

  it('refuses a malformed key with 400 before running anything', async () => {
    const before = runs;
    const res = await post({ amount: 1 }, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/Idempotency-Key/);
    expect(runs).toBe(before);
  });
});
