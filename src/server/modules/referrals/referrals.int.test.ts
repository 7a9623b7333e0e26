import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERRAL_POINTS,
  type ListReferralsResponse,
  type ReferralRecord,
} from '../../../contract/referrals';
import { migrationsFolder } from '../../db/migrate';
import { referrals, user } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { applyReferralCode, referralCodeOf } from './testing/referral-helpers';

const ERROR = { invalid: 'Invalid referral code', used: 'You have already used a referral code' };

describe('referrals API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const codeOf = (u: TestUser) => referralCodeOf(t.app, u);
  const apply = (u: TestUser, referralCode: unknown, extra?: object) =>
    applyReferralCode(t.app, u, referralCode, extra);
  const list = async (u: TestUser, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/referrals${query}`, headers: u.auth });
    expect(res.statusCode).toBe(200);
    return res.json<ListReferralsResponse>();
  };
  const allRows = () => t.db.select().from(referrals).orderBy(referrals.createdAt);

  it('answers 401 to anonymous callers on every referral route', async () => {
    for (const [method, url] of [
      ['GET', '/api/referrals'],
      ['GET', '/api/referrals/leaderboard'],
      ['POST', '/api/referrals/create'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { referralCode: 'ABCDEF' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('hands off a referral after sign-up: the new account applies the code, the referrer earns sign-up points', async () => {
    const referrer = await signUp(t.app, 'Referrer');
    const code = await codeOf(referrer);
    expect(code).toMatch(/^[A-Z0-9]{6,20}$/);

    const newcomer = await signUp(t.app, 'Newcomer');
    // The code as a referral link may carry it: any case, the landing's campaign beside it.
    const res = await apply(newcomer, code.toLowerCase(), { campaign: 'spring' });
    expect(res.statusCode).toBe(200);
    const { referral } = res.json<{ referral: ReferralRecord }>();
    expect(referral).toMatchObject({
      referrerId: referrer.id,
      referredId: newcomer.id,
      points: REFERRAL_POINTS.signUp,
    });
    expect(Number.isNaN(Date.parse(referral.createdAt))).toBe(false);

    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row).toMatchObject({ code, campaign: 'spring', points: 10, firstDepositAwardedAt: null });
    expect(await list(referrer)).toEqual({ referrals: [referral], total: 1 });
    expect(await list(newcomer)).toEqual({ referrals: [referral], total: 1 });
  });

  it('applies a code once per user: a second one is refused with 409 and changes nothing', async () => {
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    expect((await apply(c, await codeOf(a))).statusCode).toBe(200);
    const before = await allRows();
    for (const code of [await codeOf(b), await codeOf(a)]) {
      const again = await apply(c, code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: ERROR.used });
    }
    expect(await allRows()).toEqual(before);
  });

  it('refuses unknown and own codes with 400 "Invalid referral code", and bad formats with the spec message', async () => {
    const me = await signUp(t.app);
    const before = await allRows();
    for (const code of ['NOSUCHCODE1', await codeOf(me)]) {
      const res = await apply(me, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ERROR.invalid });
    }
    for (const bad of ['abc', 'ABC-123', 'A'.repeat(21), '', 42, null]) {
      const res = await apply(me, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(
        /Referral code must be 6-20 alphanumeric characters|referralCode/,
      );
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create',
      headers: me.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(await allRows()).toEqual(before);
    // The refused caller can still apply a good code afterwards.
    const other = await signUp(t.app);
    expect((await apply(me, await codeOf(other))).statusCode).toBe(200);
  });

  it('records exactly one referral when the same user applies codes concurrently', async () => {
    const referrers = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const codes = await Promise.all(referrers.map(codeOf));
    const me = await signUp(t.app);
    const answers = await Promise.all(codes.flatMap((code) => [apply(me, code), apply(me, code)]));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await t.db.select().from(referrals).where(eq(referrals.referredId, me.id))).toHaveLength(1);
  });

  it("lists only the caller's own referrals (as referrer and as referred), newest first, paged", async () => {
    const hub = await signUp(t.app, 'Hub');
    const upstream = await signUp(t.app, 'Upstream');
    const outsider = await signUp(t.app, 'Outsider');
    const stranger = await signUp(t.app, 'Stranger');
    const hubCode = await codeOf(hub);
    // The outsider's own referral, which must never show to the hub.
    expect((await apply(stranger, await codeOf(outsider))).statusCode).toBe(200);

    expect((await apply(hub, await codeOf(upstream))).statusCode).toBe(200);
    const invited: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const friend = await signUp(t.app);
      expect((await apply(friend, hubCode)).statusCode).toBe(200);
      invited.push(friend);
    }

    const all = await list(hub);
    expect(all.total).toBe(4);
    expect(all.referrals.map((r) => r.referredId)).toEqual(
      [...invited.map((u) => u.id)].reverse().concat(hub.id),
    );
    for (const r of all.referrals) expect([r.referrerId, r.referredId]).toContain(hub.id);
    const times = all.referrals.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const page = await list(hub, '?offset=1&limit=2');
    expect(page).toEqual({ referrals: all.referrals.slice(1, 3), total: 4 });
    expect(await list(hub, '?offset=10')).toEqual({ referrals: [], total: 4 });

    const theirs = await list(outsider);
    expect(theirs.total).toBe(1);
    expect(theirs.referrals[0]).toMatchObject({ referrerId: outsider.id, referredId: stranger.id });
    expect(await list(await signUp(t.app))).toEqual({ referrals: [], total: 0 });

    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/referrals${bad}`, headers: hub.auth });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
  });
});

describe('first-deposit points', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function referredPair() {
    const referrer = await signUp(t.app, 'Referrer');
    const friend = await signUp(t.app, 'Friend');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: referrer.auth });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create',
      headers: friend.auth,
      payload: { referralCode: me.json<{ referralCode: string }>().referralCode },
    });
    expect(res.statusCode).toBe(200);
    return { referrer, friend };
  }
  const pointsOf = async (referredId: string) =>
    (await t.db.select().from(referrals).where(eq(referrals.referredId, referredId)))[0]?.points;

  it('adds the first-deposit points once, however often it is called', async () => {
    const { friend } = await referredPair();
    const award = (userId: string) => t.app.referrals.awardFirstDeposit(userId);
    expect(await award(friend.id)).toBe(true);
    expect(await pointsOf(friend.id)).toBe(REFERRAL_POINTS.signUp + REFERRAL_POINTS.firstDeposit);
    expect(await award(friend.id)).toBe(false);
    expect(await pointsOf(friend.id)).toBe(60);
  });

  it('adds them exactly once under 20 concurrent calls', async () => {
    const { friend } = await referredPair();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.app.referrals.awardFirstDeposit(friend.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pointsOf(friend.id)).toBe(60);
  });

  it("adds them exactly once under 20 concurrent calls each in its own transaction (the payments module's case)", async () => {
    const { friend } = await referredPair();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction((tx) => t.app.referrals.awardFirstDeposit(friend.id, tx)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pointsOf(friend.id)).toBe(60);
  });

  it('awards nothing when the deposit transaction rolls back', async () => {
    const { friend } = await referredPair();
    await expect(
      t.db.transaction(async (tx) => {
        expect(await t.app.referrals.awardFirstDeposit(friend.id, tx)).toBe(true);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await pointsOf(friend.id)).toBe(10);
    expect(await t.app.referrals.awardFirstDeposit(friend.id)).toBe(true);
    expect(await pointsOf(friend.id)).toBe(60);
  });

  it('is a no-op for a user nobody referred', async () => {
    const loner = await signUp(t.app);
    const before = await t.db.select().from(referrals);
    expect(await t.app.referrals.awardFirstDeposit(loner.id)).toBe(false);
    expect(await t.app.referrals.awardFirstDeposit('no-such-user')).toBe(false);
    expect(await t.db.select().from(referrals)).toEqual(before);
  });
});

describe('every user has a referral code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives one at sign-up, and lazily to an account that has none', async () => {
    const u = await signUp(t.app);
    const [created] = await t.db.select().from(user).where(eq(user.id, u.id));
    expect(created?.referralCode).toMatch(/^[A-Z0-9]{8}$/);

    await t.db.update(user).set({ referralCode: null }).where(eq(user.id, u.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: u.auth });
    const code = me.json<{ referralCode: string }>().referralCode;
    expect(code).toMatch(/^[A-Z0-9]{6,20}$/);
    const [stored] = await t.db.select().from(user).where(eq(user.id, u.id));
    expect(stored?.referralCode).toBe(code);
    // And the code works for others.
    const friend = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create',
      headers: friend.auth,
      payload: { referralCode: code },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the migration backfill gives every code-less account a distinct valid code', async () => {
    const file = readdirSync(migrationsFolder).find((f) => f.endsWith('_referral_points.sql'));
    expect(file).toBeDefined();
    const backfill = readFileSync(path.join(migrationsFolder, file!), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('DO $$'));
    expect(backfill).toBeDefined();

    await t.db.insert(user).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `legacy-${i}`,
        name: `Legacy ${i}`,
        email: `legacy${i}@example.com`,
      })),
    );
    await t.db.execute(sql.raw(backfill!));
    const rows = await t.db.select({ code: user.referralCode }).from(user);
    expect(rows.every((r) => r.code && /^[A-Z0-9]{6,20}$/.test(r.code))).toBe(true);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });
});
