import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../contract/account';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { countQueries } from '../../testing/query-counter';

/** Cached bearer sessions cost no query; every auth change takes effect on the very next request. */
describe('the viewer cache', () => {
  let t: TestApp;
  let owner: TestUser;
  let trader: TestUser;
  let operatorId = '';

  const call = (
    user: TestUser | { auth: { authorization: string } },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.auth, payload });
  const me = async (user: TestUser) => meResponseSchema.parse((await call(user, 'GET', '/api/me')).json());
  const adminProbe = async (user: TestUser) =>
    (await call(user, 'GET', '/api/admin/no-such-call')).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'Owner');
    trader = await signUp(t.app, 'Trader');
    operatorId = (await me(owner)).organizations.find((o) => o.isOperator)!.id;
  });
  afterAll(async () => t.close());

  it('answers a cached bearer request, /api/me included, without a single database query', async () => {
    await me(trader);
    const counter = countQueries(t.database);
    try {
      const profile = await me(trader);
      expect(profile.organizations).toHaveLength(1);
      expect((await call(trader, 'GET', '/api/me')).statusCode).toBe(200);
      expect(counter.count).toBe(0);
    } finally {
      counter.restore();
    }
    // The counter does see queries: a token that was never looked up costs some.
    const fresh = await signUp(t.app, 'Fresh');
    const again = countQueries(t.database);
    try {
      await me(fresh);
      expect(again.count).toBeGreaterThan(0);
    } finally {
      again.restore();
    }
  });

  it('looks a new token up in two statements (the session with its user, then the memberships), and refuses an expired one', async () => {
    const fresh = await signUp(t.app, 'Looked up');
    const counter = countQueries(t.database);
    try {
      expect((await me(fresh)).email).toBe(fresh.email);
      expect(counter.count).toBe(2);
    } finally {
      counter.restore();
    }
    const lapsed = await signUp(t.app, 'Lapsed');
    await t.db.execute(
      sql`update session set expires_at = now() - interval '1 minute' where user_id = ${lapsed.id}`,
    );
    const refused = await call(lapsed, 'GET', '/api/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Authentication required' });
  });

  it('refuses a bare session token without its signature, and takes the signed one', async () => {
    const bare = trader.token.split('.')[0]!;
    expect(bare).not.toBe(trader.token);
    const refused = await call({ auth: { authorization: `Bearer ${bare}` } }, 'GET', '/api/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Authentication required' });
    expect((await call(trader, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('sees an organisation switch on the next request', async () => {
    expect(await adminProbe(owner)).toBe(404);
    const personal = (await me(owner)).organizations.find((o) => !o.isOperator)!;
    const set = (organizationId: string) =>
      call(owner, 'POST', '/api/auth/organization/set-active', { organizationId });
    expect((await set(personal.id)).statusCode).toBe(200);
    expect(await adminProbe(owner)).toBe(403);
    expect((await set(operatorId)).statusCode).toBe(200);
    expect(await adminProbe(owner)).toBe(404);
  });

  it('sees a promotion, a demotion and a removal from the operator organisation on the next request', async () => {
    const deputy = await signUp(t.app, 'Deputy');
    const invite = await call(owner, 'POST', '/api/auth/organization/invite-member', {
      email: deputy.email,
      role: 'admin',
      organizationId: operatorId,
    });
    expect(invite.statusCode).toBe(200);
    const invitationId = invite.json<{ id: string }>().id;
    expect(
      (await call(deputy, 'POST', '/api/auth/organization/accept-invitation', { invitationId })).statusCode,
    ).toBe(200);
    await call(deputy, 'POST', '/api/auth/organization/set-active', { organizationId: operatorId });
    expect(await adminProbe(deputy)).toBe(404);
    expect(await adminProbe(deputy)).toBe(404);

    const members = await call(
      owner,
      'GET',
      `/api/auth/organization/list-members?organizationId=${operatorId}`,
    );
    const memberId = members
      .json<{ members: { id: string; userId: string }[] }>()
      .members.find((m) => m.userId === deputy.id)!.id;
    const demote = await call(owner, 'POST', '/api/auth/organization/update-member-role', {
      memberId,
      role: 'member',
      organizationId: operatorId,
    });
    expect(demote.statusCode).toBe(200);
    expect(await adminProbe(deputy)).toBe(403);
    expect((await me(deputy)).publicMetadata.permissions).toEqual([]);

    await call(owner, 'POST', '/api/auth/organization/update-member-role', {
      memberId,
      role: 'admin',
      organizationId: operatorId,
    });
    expect(await adminProbe(deputy)).toBe(404);
    const removed = await call(owner, 'POST', '/api/auth/organization/remove-member', {
      memberIdOrEmail: deputy.email,
      organizationId: operatorId,
    });
    expect(removed.statusCode).toBe(200);
    expect(await adminProbe(deputy)).toBe(403);
    expect((await me(deputy)).organizations.some((o) => o.isOperator)).toBe(false);
  });

  it('sees a sign-out on the next request, for every cached copy of that user', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: trader.email, password: 'correct-horse-battery' },
    });
    const second = { auth: { authorization: `Bearer ${String(signIn.headers['set-auth-token'])}` } };
    expect((await call(second, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(trader, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(second, 'POST', '/api/auth/sign-out')).statusCode).toBe(200);
    expect((await call(second, 'GET', '/api/me')).statusCode).toBe(401);
    // The user's other session stays valid (re-read, not revoked).
    expect((await call(trader, 'GET', '/api/me')).statusCode).toBe(200);
  });
});
