import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestApp, type TestUser } from '../testing/test-app';
import { BY_BUS_MS, createTwoProcesses, type TwoProcesses } from '../testing/two-processes';

/**
 * Two app instances on one database and one Redis channel, as two api processes would be: an
 * auth change made through one is seen by the other's HTTP cache and sockets at once.
 */
describe('revocation across processes', () => {
  let processes: TwoProcesses;
  let t: TestApp;
  let other: FastifyInstance;
  let otherUrl = '';
  let owner: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    processes = await createTwoProcesses();
    ({ t, other } = processes);
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp(t.app, 'Owner');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await processes.close();
  });

  async function newSession(): Promise<TestUser> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: 'correct-horse-battery' },
    });
    const token = String(res.headers['set-auth-token']);
    return { ...owner, token, auth: { authorization: `Bearer ${token}` } };
  }
  const probeOnOther = async (user: TestUser, url = '/api/admin/no-such-call') =>
    (await other.inject({ method: 'GET', url, headers: user.auth })).statusCode;

  it('a sign-out through one instance ends the session on the other, HTTP and socket alike', async () => {
    const session = await newSession();
    expect(await probeOnOther(session)).toBe(404);
    const socket = connect(otherUrl, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: session.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const inAdmins = async () =>
      (await other.realtime.io.in('admins').fetchSockets()).some((s) => s.id === socket.id);
    expect(await inAdmins()).toBe(true);

    const since = Date.now();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.auth })).statusCode,
    ).toBe(200);
    await expect.poll(() => probeOnOther(session, '/api/me'), { timeout: BY_BUS_MS, interval: 25 }).toBe(401);
    await expect.poll(inAdmins, { timeout: 5000, interval: 50 }).toBe(false);
    expect(Date.now() - since).toBeLessThan(5000);
  });

  it('an organisation switch through one instance takes admin rights away on the other', async () => {
    const session = await newSession();
    expect(await probeOnOther(session)).toBe(404);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.auth });
    const personal = me
      .json<{ organizations: { id: string; isOperator: boolean }[] }>()
      .organizations.find((o) => !o.isOperator)!;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/organization/set-active',
      headers: session.auth,
      payload: { organizationId: personal.id },
    });
    await expect.poll(() => probeOnOther(session), { timeout: BY_BUS_MS, interval: 25 }).toBe(403);
  });
});
