import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradingHalt } from '../../../contract/trading-halt';
import { tradingHaltedMessage } from '../../../contract/trading-halt';
import { signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { BY_BUS_MS, createTwoProcesses, type TwoProcesses } from '../../testing/two-processes';
import { SETTINGS_CACHE_MS } from './settings.service';

const REASON = 'Kraken is not answering';
const NO_SUCH_OFFER = '5a0c7a43-0000-4000-8000-000000000000';

/**
 * Two app instances on one database and one Redis channel, as two api processes would be: a halt
 * made through one is seen at once by the other's cached settings (its offers screen and its
 * accepts) and by its sockets, and so is the resume made through the other.
 */
describe('the kill switch across processes', () => {
  let processes: TwoProcesses;
  let t: TestApp;
  let other: FastifyInstance;
  let admin: TestUser;
  let trader: TestUser;
  let socket: Socket;
  const heard: TradingHalt[] = [];

  beforeAll(async () => {
    expect(BY_BUS_MS).toBeLessThan(SETTINGS_CACHE_MS / 10);
    processes = await createTwoProcesses();
    ({ t, other } = processes);
    const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    admin = await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    socket = connect(otherUrl, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: trader.token },
    });
    socket.on('trading_halt', (halt: TradingHalt) => heard.push(halt));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.disconnect();
    await processes?.close();
  });

  const readOn = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/trades/halt', headers: trader.auth })).json<TradingHalt>();
  /** An accept's first check comes before the offer is looked up: 423 while halted, else 404. */
  const acceptOn = async (app: FastifyInstance) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/offers/${NO_SUCH_OFFER}/accept`,
      headers: trader.auth,
      payload: { entryAmount: 10 },
    });
    return { status: res.statusCode, error: res.json<{ error: string }>().error };
  };

  it('a halt through one process refuses accepts on the other at once, and its sockets hear it', async () => {
    // The other process holds the settings in its cache before the halt.
    expect(await readOn(other)).toMatchObject({ halted: false });
    expect(await acceptOn(other)).toEqual({ status: 404, error: 'Offer not found' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trading/halt',
      headers: admin.auth,
      payload: { reason: REASON },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => readOn(other), { timeout: BY_BUS_MS, interval: 25 })
      .toMatchObject({ halted: true, reason: REASON });
    expect(await acceptOn(other)).toEqual({ status: 423, error: tradingHaltedMessage(REASON) });
    await expect
      .poll(() => heard.at(-1), { timeout: BY_BUS_MS, interval: 25 })
      .toMatchObject({
        halted: true,
        reason: REASON,
      });
  });

  it('a resume through the other process lets accepts through on the first at once', async () => {
    expect(await readOn(t.app)).toMatchObject({ halted: true });
    const res = await other.inject({ method: 'POST', url: '/api/admin/trading/resume', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => readOn(t.app), { timeout: BY_BUS_MS, interval: 25 })
      .toEqual({ halted: false, reason: null, haltedAt: null });
    expect(await acceptOn(t.app)).toEqual({ status: 404, error: 'Offer not found' });
    await expect
      .poll(() => heard.at(-1), { timeout: BY_BUS_MS, interval: 25 })
      .toEqual({ halted: false, reason: null, haltedAt: null });
  });
});
