/**
 * The notifications hub through the app: a published offer reaches exactly the traders whose
 * preferences it matches (and the bell follows newOffer, highRisk and lowSuccess); the bell lists,
 * counts and marks read a trader's own notifications only; a replayed withdrawal decision tells
 * its trader once; and the socket event `notification` reaches the owner's sockets only.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/events';
import type { ListNotificationsResponse, Notification } from '../../../contract/notifications';
import type { RiskLevel } from '../../../contract/enums';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { seedOffer, seedPair } from '../offers/testing/market-fixtures';
import { fundUser, postWithdrawal } from '../payments/testing/payments-helpers';
import type { UserEvent } from './user-events';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let admin: TestUser;
let base = '';
const heard: UserEvent[] = [];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, 'Admin');
  t.app.notifications.onEvent(async (event) => void heard.push(event));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });

const bell = async (user: TestUser, query = '') =>
  (await call(user, 'GET', `/api/notifications${query}`)).json<ListNotificationsResponse>();

async function trader(name: string, notificationPrefs?: object, more: object = {}): Promise<TestUser> {
  const user = await signUp(t.app, name);
  if (notificationPrefs || Object.keys(more).length > 0) {
    const res = await call(user, 'PUT', '/api/users/preferences', {
      ...more,
      ...(notificationPrefs && {
        notificationPrefs: {
          newOffer: true,
          tradeClose: true,
          highRisk: false,
          lowSuccess: false,
          ...notificationPrefs,
        },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return user;
}

/** An offer on a new pair, announced as the offers module announces a publication. */
async function publish(pair: string, spec: { riskLevel?: RiskLevel; successRate?: number } = {}) {
  const pairId = await seedPair(t.db, pair);
  const offerId = await seedOffer(t.db, { pairId, successRate: 80, expectedProfitPercent: 3, ...spec });
  await t.app.events.emit('offers_changed', {
    offerId,
    created: true,
    refreshedIds: [],
    movedEnds: [],
    skippedBecause: null,
  });
  await t.app.notifications.settled();
  return heard.find((event) => event.id === `offer.created:${offerId}`);
}

describe('a new offer', () => {
  it('reaches the traders it matches, and the bell of those who asked to hear of it', async () => {
    const fan = await trader('Fan');
    const ethOnly = await trader('Eth only', undefined, { preferredPairs: ['ETH/USD'] });
    const quiet = await trader('Quiet', { newOffer: false });
    const risky = await trader('Risky', { newOffer: false, highRisk: true });
    const lenient = await trader('Lenient', { newOffer: false, lowSuccess: true });
    const mine = [fan, ethOnly, quiet, risky, lenient];
    const recipientsOf = (event: UserEvent | undefined) =>
      Object.fromEntries(
        (event?.recipients ?? [])
          .filter((r) => mine.some((u) => u.id === r.userId))
          .map((r) => [mine.find((u) => u.id === r.userId)!.id, r.notify]),
      );

    const matching = await publish('BTC/USD');
    expect(matching?.kind).toBe('offer.created');
    expect(matching?.title).toBe('New offer: BTC/USD');
    // Those it matches who asked for no news of it are recipients (a webhook may want it), told nothing.
    expect(recipientsOf(matching)).toEqual({
      [fan.id]: true,
      [quiet.id]: false,
      [risky.id]: false,
      [lenient.id]: false,
    });

    const highRisk = await publish('SOL/USD', { riskLevel: 'high' });
    expect(recipientsOf(highRisk)).toEqual({ [risky.id]: true });

    const weak = await publish('ADA/USD', { successRate: 60 });
    expect(recipientsOf(weak)).toEqual({ [lenient.id]: true });

    const titles = async (user: TestUser) => (await bell(user)).data.map((n) => n.title);
    expect(await titles(fan)).toEqual(['New offer: BTC/USD']);
    expect(await titles(ethOnly)).toEqual([]);
    expect(await titles(quiet)).toEqual([]);
    expect(await titles(risky)).toEqual(['New offer: SOL/USD']);
    expect(await titles(lenient)).toEqual(['New offer: ADA/USD']);
  });
});

describe('the bell', () => {
  it("lists newest first with a cursor, counts unread, and marks only the caller's own read", async () => {
    const reader = await trader('Reader');
    const other = await trader('Other');
    for (const pair of ['XRP/USD', 'DOT/USD', 'LTC/USD']) await publish(pair);

    const all = await bell(reader);
    expect(all.unread).toBe(3);
    expect(all.data.map((n) => n.title)).toEqual([
      'New offer: LTC/USD',
      'New offer: DOT/USD',
      'New offer: XRP/USD',
    ]);
    const firstPage = await bell(reader, '?limit=2');
    const next = await bell(reader, `?limit=2&before=${firstPage.data[1]!.id}`);
    expect(next.data.map((n) => n.title)).toEqual(['New offer: XRP/USD']);
    // Another trader's id as a cursor is no cursor: they read their own list, nothing of the reader's.
    const theirs = await bell(other, `?before=${all.data[0]!.id}`);
    expect(theirs.data.map((n) => n.id)).toEqual((await bell(other)).data.map((n) => n.id));
    expect(theirs.data.some((n) => all.data.some((mine) => mine.id === n.id))).toBe(false);

    // Another trader marking the reader's ids changes nothing.
    const theirIds = all.data.map((n) => n.id);
    expect((await call(other, 'POST', '/api/notifications/read', { ids: theirIds })).statusCode).toBe(200);
    expect((await bell(reader)).unread).toBe(3);

    expect((await call(reader, 'POST', '/api/notifications/read', { ids: [theirIds[1]] })).statusCode).toBe(
      200,
    );
    const after = await bell(reader);
    expect(after.unread).toBe(2);
    expect(after.data.map((n) => n.readAt !== null)).toEqual([false, true, false]);

    expect((await call(reader, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(200);
    expect((await bell(reader)).unread).toBe(0);
    expect((await bell(other)).unread).toBeGreaterThan(0);

    const bad = await call(reader, 'POST', '/api/notifications/read', { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['error']);
  });
});

describe('a withdrawal decision', () => {
  it('tells its trader once, however often the decision is replayed', async () => {
    const payee = await trader('Payee');
    await fundUser(t.app, payee, 100);
    const asked = await postWithdrawal(t.app, payee, 30);
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json<{ payment: { id: string } }>().payment.id;
    const reject = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reject-withdrawal/${id}`,
        headers: { ...admin.auth, 'idempotency-key': 'reject-once-0001' },
        payload: { reason: 'Wrong card' },
      });
    expect((await reject()).statusCode).toBe(200);
    const replay = await reject();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBeDefined();

    await vi.waitFor(async () => expect((await bell(payee)).data).toHaveLength(1));
    // However the decision is announced again (another process, a retried request): once.
    await t.app.events.emit('user_event', {
      userId: payee.id,
      subject: { kind: 'withdrawal.rejected', withdrawal: { id, amount: 30, reason: 'Wrong card' } },
    });
    await t.app.notifications.settled();
    expect((await bell(payee)).data).toHaveLength(1);
    const [told] = (await bell(payee)).data;
    expect(told).toMatchObject({
      kind: 'withdrawal.rejected',
      title: 'Withdrawal rejected',
      body: '$30.00 is back in your balance. Reason: Wrong card',
      link: '/payments',
      readAt: null,
    });
    expect(heard.filter((e) => e.id === `withdrawal.rejected:${id}`)).toHaveLength(1);
  });
});

describe('the socket event `notification`', () => {
  const open = async (user: TestUser) => {
    const socket: ClientSocket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: user.token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const got: Notification[] = [];
    socket.on('notification', (n) => got.push(n));
    return got;
  };
  const withdrawalRejected = (user: TestUser, id: string) =>
    t.app.events.emit('user_event', {
      userId: user.id,
      subject: { kind: 'withdrawal.rejected', withdrawal: { id, amount: 12, reason: null } },
    });

  it("reaches the owner's sockets only", async () => {
    const owner = await trader('Owner');
    const bystander = await trader('Bystander');
    const ownerGot = await open(owner);
    const bystanderGot = await open(bystander);

    await withdrawalRejected(owner, '00000000-0000-4000-8000-000000000001');
    await vi.waitFor(() => expect(ownerGot).toHaveLength(1));
    expect(ownerGot[0]).toMatchObject({ kind: 'withdrawal.rejected', readAt: null });
    expect(ownerGot[0]!.id).toBe((await bell(owner)).data[0]!.id);

    // The bystander's own event comes after on the same connection: had the owner's reached
    // them, it would have arrived first.
    await withdrawalRejected(bystander, '00000000-0000-4000-8000-000000000002');
    await vi.waitFor(() => expect(bystanderGot).toHaveLength(1));
    expect(bystanderGot[0]!.id).toBe((await bell(bystander)).data[0]!.id);
    expect(ownerGot).toHaveLength(1);
  });
});
