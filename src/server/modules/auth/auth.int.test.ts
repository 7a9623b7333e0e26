import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../../contract/account';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

describe('accounts, sessions and admin rights', () => {
  let t: TestApp;
  let owner: TestUser;
  let trader: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'Ada Lovelace');
    trader = await signUp(t.app, 'Grace Hopper');
  });
  afterAll(async () => t.close());

  const me = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return meResponseSchema.parse(res.json());
  };

  it('returns the spec user shape, and the first account is the operator owner and an admin', async () => {
    const profile = await me(owner);
    expect(profile.id).toBe(owner.id);
    expect(profile.firstName).toBe('Ada');
    expect(profile.email).toBe(owner.email);
    expect(profile.referralCode).toMatch(/^[A-Z0-9]{6,20}$/);
    expect(profile.publicMetadata.permissions).toEqual(['org:admin']);
    const operator = profile.organizations.find((o) => o.isOperator);
    expect(operator?.role).toBe('owner');
    expect(profile.activeOrganizationId).toBe(operator?.id);
  });

  it('gives later accounts their own workspace and no admin permission', async () => {
    const profile = await me(trader);
    expect(profile.publicMetadata.permissions).toEqual([]);
    expect(profile.organizations).toHaveLength(1);
    expect(profile.organizations[0]?.isOperator).toBe(false);
    expect(profile.referralCode).not.toBe((await me(owner)).referralCode);
  });

  it('refuses /api/admin/* to anonymous (401) and non-admins (403), and lets the admin through', async () => {
    for (const url of ['/api/admin/global-settings', '/api/admin/users', '/api/admin/no-such-call']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const denied = await t.app.inject({ method: 'GET', url, headers: trader.auth });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: 'Admin access required' });
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/no-such-call',
      headers: owner.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('makes admin rights follow the active organisation', async () => {
    const profile = await me(owner);
    const personal = profile.organizations.find((o) => !o.isOperator);
    const operator = profile.organizations.find((o) => o.isOperator);
    const setActive = (organizationId: string | undefined, user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/organization/set-active',
        headers: user.auth,
        payload: { organizationId },
      });

    expect((await setActive(personal?.id, owner)).statusCode).toBe(200);
    const switched = await me(owner);
    expect(switched.activeOrganizationId).toBe(personal?.id);
    expect(switched.publicMetadata.permissions).toEqual([]);
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/anything', headers: owner.auth });
    expect(denied.statusCode).toBe(403);

    // A trader cannot make the operator organisation their active one.
    expect((await setActive(operator?.id, trader)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(trader)).publicMetadata.permissions).toEqual([]);

    expect((await setActive(operator?.id, owner)).statusCode).toBe(200);
    expect((await me(owner)).publicMetadata.permissions).toEqual(['org:admin']);
  });

  it('signs in with the password, refuses a wrong one, and signs out by revoking the token', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: trader.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ error: unknown }>().error).toBe('Invalid email or password');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: trader.email, password: 'correct-horse-battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const headers = { authorization: `Bearer ${String(token)}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Authentication required' });
  });

  it('answers /api/me without or with a forged token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer forged.token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
