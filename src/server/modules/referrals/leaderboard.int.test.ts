import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardResponseSchema, type LeaderboardResponse } from '../../../contract/referrals';
import type { DatabaseHandle } from '../../db/client';
import { referrals, user } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

/** Referrers with known point totals, seeded as rows (the API path of a referral is tested beside). */
async function seedReferrer(t: TestApp, id: string, pointsPerReferral: number[], username: string | null) {
  await t.db.insert(user).values({ id, name: id, email: `${id}@example.com`, username });
  for (const [i, points] of pointsPerReferral.entries()) {
    const referredId = `${id}-friend-${i}`;
    await t.db.insert(user).values({ id: referredId, name: referredId, email: `${referredId}@example.com` });
    await t.db.insert(referrals).values({ referrerId: id, referredId, code: 'SEEDED', points });
  }
}

/** The SQL text and parameters of every statement the app sends while `run` is on. */
async function capturingStatements(handle: DatabaseHandle, run: () => Promise<unknown>) {
  const client = handle.client as unknown as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  const seen: { text: string; params: unknown[] }[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    // PGlite: query(text, params). pg: query(text, params) or query({ text, values? }, params?).
    const [first, second] = args;
    const config =
      first && typeof first === 'object' ? (first as { text?: unknown; values?: unknown[] }) : null;
    const text = typeof first === 'string' ? first : config?.text;
    if (typeof text === 'string') {
      const params = Array.isArray(second) ? (second as unknown[]) : (config?.values ?? []);
      seen.push({ text, params });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

describe('GET /api/referrals/leaderboard', () => {
  let t: TestApp;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await signUp(t.app, 'Viewer');
  });
  afterAll(async () => t.close());

  const leaderboard = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/leaderboard',
      headers: viewer.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<LeaderboardResponse>();
    expect(leaderboardResponseSchema.parse(body)).toEqual(body);
    return body.leaderboard;
  };

  it('is empty while nobody has points, and answers 401 to anonymous callers', async () => {
    expect(await leaderboard()).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals/leaderboard' });
    expect(res.statusCode).toBe(401);
  });

  it('ranks referrers by total points, ties by user id, Anonymous without a username, none at 0', async () => {
    await seedReferrer(t, 'r-alice', [10, 50], 'alice');
    await seedReferrer(t, 'r-bob', [10, 10, 10, 10, 10, 10], 'bob');
    await seedReferrer(t, 'r-nameless', [10, 10], null);
    await seedReferrer(t, 'r-carol', [10, 10], 'carol');
    await seedReferrer(t, 'r-zero', [0, 0], 'zero');
    expect(await leaderboard()).toEqual([
      { userId: 'r-alice', username: 'alice', totalReferralPoints: 60 },
      { userId: 'r-bob', username: 'bob', totalReferralPoints: 60 },
      { userId: 'r-carol', username: 'carol', totalReferralPoints: 20 },
      { userId: 'r-nameless', username: 'Anonymous', totalReferralPoints: 20 },
    ]);
  });

  it('follows the points as they change (a first deposit lifts a referrer)', async () => {
    await t.app.referrals.awardFirstDeposit('r-carol-friend-0');
    const rows = await leaderboard();
    expect(rows[0]).toEqual({ userId: 'r-carol', username: 'carol', totalReferralPoints: 70 });
  });

  it('holds the top 50 only', async () => {
    for (let i = 0; i < 52; i++) await seedReferrer(t, `r-bulk-${String(i).padStart(2, '0')}`, [1], null);
    const rows = await leaderboard();
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 4).map((r) => r.userId)).toEqual(['r-carol', 'r-alice', 'r-bob', 'r-nameless']);
    // 52 referrers tie at 1 point: the 46 lowest ids make the cut, in id order.
    expect(rows.slice(4).map((r) => r.userId)).toEqual(
      Array.from({ length: 46 }, (_, i) => `r-bulk-${String(i).padStart(2, '0')}`),
    );
  });

  it('sums points in one aggregate query the referrer/points index can answer', async () => {
    await leaderboard(); // the viewer is resolved and cached
    const statements = await capturingStatements(t.database, leaderboard);
    const aggregates = statements.filter((s) => /sum\(/i.test(s.text));
    expect(aggregates).toHaveLength(1);
    expect(statements.filter((s) => /"referrals"/.test(s.text))).toHaveLength(1);

    const [aggregate] = aggregates;
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    const inlined = aggregate!.text.replace(/\$(\d+)/g, (_, n: string) =>
      literal(aggregate!.params[Number(n) - 1]),
    );
    // With sequential scans priced out, the planner shows whether the index can serve the aggregate.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<Record<string, string>>(sql.raw(`explain ${inlined}`));
    });
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toMatch(/Index Only Scan using referrals_referrer_id_points_idx/);
  });

  it('names referrers by their current username', async () => {
    await t.db.update(user).set({ username: 'alice2' }).where(eq(user.id, 'r-alice'));
    const rows = await leaderboard();
    expect(rows.find((r) => r.userId === 'r-alice')?.username).toBe('alice2');
    await t.db.delete(referrals).where(inArray(referrals.referrerId, ['r-alice']));
    expect((await leaderboard()).some((r) => r.userId === 'r-alice')).toBe(false);
  });
});
