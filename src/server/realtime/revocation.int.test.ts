import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/events';
import { session as sessions } from '../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../testing/test-app';
import { openSse, type SseClient } from './testing/sse-client';

type ClientSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type Got = { event: string; payload: unknown }[];

/** Sockets and admin streams follow sign-out, demotion and organisation switches within 5 s. */
describe('revocation of live connections', () => {
  let t: TestApp;
  let base = '';
  let owner: TestUser;
  let operatorId = '';
  const sockets: ClientSocket[] = [];
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'Owner');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: owner.auth });
    operatorId = me.json<{ activeOrganizationId: string }>().activeOrganizationId;
  });
  afterAll(async () => {
    await t.close();
    sockets.forEach((s) => s.disconnect());
    streams.forEach((s) => s.close());
  });

  const bus = () => t.app.realtime.bus;
  const post = (user: TestUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });

  /** A second session of the owner (an admin), so each test can revoke its own. */
  async function adminSession(): Promise<TestUser> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: 'correct-horse-battery' },
    });
    const token = String(res.headers['set-auth-token']);
    return { ...owner, token, auth: { authorization: `Bearer ${token}` } };
  }

  async function open(options: { token?: string; query?: Record<string, string> }) {
    const socket: ClientSocket = connect(base, {
      transports: ['websocket'],
      reconnection: false,
      auth: options.token ? { token: options.token } : {},
      query: options.query,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const got: Got = [];
    const ended: string[] = [];
    socket.onAny((event: string, payload: unknown) => {
      got.push({ event, payload });
      if ((payload as { message?: string }).message === 'Session ended') ended.push(event);
    });
    return { socket, got, ended };
  }

  const inRoom = async (room: string, socket: ClientSocket) =>
    (await t.app.realtime.io.in(room).fetchSockets()).some((s) => s.id === socket.id);

  /** Publishes an admin, a user and a public event; resolves with what arrived once the public one did. */
  async function deliveredTo(got: Got, userId: string): Promise<string[]> {
    const marker = `sentinel-${Math.random()}`;
    got.length = 0;
    bus().publish('worker_log', { pair: 'BTC/USD', error: 'admins only', at: new Date().toISOString() }, [
      'admins',
    ]);
    bus().publish('trade_update', { id: 't-1', status: 'open' }, [`user:${userId}`]);
    bus().publish('error', { message: marker }, ['public']);
    await expect
      .poll(() => got.some((g) => (g.payload as { message?: string }).message === marker))
      .toBe(true);
    return got
      .filter((g) => (g.payload as { message?: string }).message !== 'Session ended')
      .map((g) => g.event);
  }

  /** Waits until the socket has left the admins room, and answers how long that took. */
  async function leavesAdmins(socket: ClientSocket, since: number): Promise<number> {
    await expect.poll(() => inRoom('admins', socket), { timeout: 5000, interval: 50 }).toBe(false);
    return Date.now() - since;
  }

  it('a signed-out admin socket is back to public events only, at once', async () => {
    const session = await adminSession();
    const { socket, got, ended } = await open({ token: session.token });
    expect(await deliveredTo(got, owner.id)).toEqual(['worker_log', 'trade_update', 'error']);
    const since = Date.now();
    expect((await post(session, '/api/auth/sign-out')).statusCode).toBe(200);
    expect(await leavesAdmins(socket, since)).toBeLessThan(5000);
    expect(await deliveredTo(got, owner.id)).toEqual(['error']);
    await expect.poll(() => ended).toEqual(['error']);
  });

  it('a socket leaves the admins room on an organisation switch and rejoins on the way back', async () => {
    const session = await adminSession();
    const { socket, got } = await open({ token: session.token });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.auth });
    const personal = me
      .json<{ organizations: { id: string; isOperator: boolean }[] }>()
      .organizations.find((o) => !o.isOperator)!;
    const since = Date.now();
    await post(session, '/api/auth/organization/set-active', { organizationId: personal.id });
    expect(await leavesAdmins(socket, since)).toBeLessThan(5000);
    expect(await deliveredTo(got, owner.id)).toEqual(['trade_update', 'error']);
    await post(session, '/api/auth/organization/set-active', { organizationId: operatorId });
    await expect.poll(() => inRoom('admins', socket)).toBe(true);
  });

  it('a demoted admin socket leaves the admins room', async () => {
    const deputy = await signUp(t.app, 'Deputy');
    const invite = await post(owner, '/api/auth/organization/invite-member', {
      email: deputy.email,
      role: 'admin',
      organizationId: operatorId,
    });
    await post(deputy, '/api/auth/organization/accept-invitation', {
      invitationId: invite.json<{ id: string }>().id,
    });
    await post(deputy, '/api/auth/organization/set-active', { organizationId: operatorId });
    const { socket, got } = await open({ token: deputy.token });
    expect(await inRoom('admins', socket)).toBe(true);
    const since = Date.now();
    const demoted = await post(owner, '/api/auth/organization/update-member-role', {
      memberId: (
        await t.app.inject({
          method: 'GET',
          url: `/api/auth/organization/list-members?organizationId=${operatorId}`,
          headers: owner.auth,
        })
      )
        .json<{ members: { id: string; userId: string }[] }>()
        .members.find((m) => m.userId === deputy.id)!.id,
      role: 'member',
      organizationId: operatorId,
    });
    expect(demoted.statusCode).toBe(200);
    expect(await leavesAdmins(socket, since)).toBeLessThan(5000);
    expect(await deliveredTo(got, deputy.id)).toEqual(['trade_update', 'error']);
  });

  it('notices a session that vanished without any announcement within 5 s (periodic re-check)', async () => {
    const session = await adminSession();
    const { socket, got, ended } = await open({ token: session.token });
    const since = Date.now();
    await t.db.delete(sessions).where(eq(sessions.token, session.token.split('.')[0]!));
    expect(await leavesAdmins(socket, since)).toBeLessThan(5000);
    expect(await inRoom(`user:${owner.id}`, socket)).toBe(false);
    expect(await deliveredTo(got, owner.id)).toEqual(['error']);
    await expect.poll(() => ended).toEqual(['error']);
  });

  it('ignores a token in the handshake query string', async () => {
    const { socket, got } = await open({ query: { token: owner.token } });
    expect(await inRoom('traders', socket)).toBe(false);
    expect(await deliveredTo(got, owner.id)).toEqual(['error']);
  });

  it('closes the admin event stream within 5 s of sign-out', async () => {
    const session = await adminSession();
    const stream = await openSse(`${base}/api/admin/heatmap/live`, session.auth);
    streams.push(stream);
    expect(stream.status).toBe(200);
    bus().publish('worker_log', { pair: 'BTC/USD', error: 'first', at: new Date().toISOString() }, [
      'admins',
    ]);
    await stream.next((m) => m.data.includes('first'));
    const since = Date.now();
    await post(session, '/api/auth/sign-out');
    await expect.poll(() => stream.ended(), { timeout: 5000, interval: 50 }).toBe(true);
    expect(Date.now() - since).toBeLessThan(5000);
  });

  it('closes the admin event stream when its session switches organisation', async () => {
    const session = await adminSession();
    const stream = await openSse(`${base}/api/admin/heatmap/live`, session.auth);
    streams.push(stream);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.auth });
    const personal = me
      .json<{ organizations: { id: string; isOperator: boolean }[] }>()
      .organizations.find((o) => !o.isOperator)!;
    await post(session, '/api/auth/organization/set-active', { organizationId: personal.id });
    await expect.poll(() => stream.ended(), { timeout: 5000, interval: 50 }).toBe(true);
  });
});
