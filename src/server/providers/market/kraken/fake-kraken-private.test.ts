import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KRAKEN_CREDENTIALS, startFakeKrakenServer, type FakeKrakenServer } from './fake-kraken-server';

/*
 * Kraken's own worked example of a signed private request (docs.kraken.com, Spot REST
 * authentication): this secret, nonce and body on /0/private/AddOrder give exactly this API-Sign.
 * The fake must accept it as is and refuse any change to it.
 */
const DOC = {
  secret: 'kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==',
  body: 'nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25',
  sign: '4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==',
};

interface Answer {
  error: string[];
  result?: Record<string, unknown>;
}

describe('fake Kraken private API: authentication as Kraken defines it', () => {
  let fake: FakeKrakenServer;
  beforeAll(async () => {
    fake = await startFakeKrakenServer({ credentials: { apiKey: 'doc-key', apiSecret: DOC.secret } });
  });
  afterAll(async () => fake.close());

  const post = async (body: string, headers: Record<string, string>, path = '/0/private/AddOrder') => {
    const response = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    return (await response.json()) as Answer;
  };

  it("accepts Kraken's documented signature, then refuses the same nonce again", async () => {
    // Authenticated; the fake then trades market orders only, so the limit order is refused.
    expect(await post(DOC.body, { 'API-Key': 'doc-key', 'API-Sign': DOC.sign })).toEqual({
      error: ['EGeneral:Invalid arguments:ordertype'],
    });
    expect(await post(DOC.body, { 'API-Key': 'doc-key', 'API-Sign': DOC.sign })).toEqual({
      error: ['EAPI:Invalid nonce'],
    });
  });

  it('refuses a wrong key, a changed body, a changed path and a missing signature', async () => {
    const headers = { 'API-Key': 'doc-key', 'API-Sign': DOC.sign };
    expect(await post(DOC.body, { ...headers, 'API-Key': 'other' })).toEqual({ error: ['EAPI:Invalid key'] });
    expect(await post(DOC.body.replace('1.25', '9.25'), headers)).toEqual({
      error: ['EAPI:Invalid signature'],
    });
    expect(await post(DOC.body, headers, '/0/private/QueryOrders')).toEqual({
      error: ['EAPI:Invalid signature'],
    });
    expect(await post(DOC.body, { 'API-Key': 'doc-key' })).toEqual({ error: ['EAPI:Invalid signature'] });
  });
});

describe('fake Kraken private API through ccxt', () => {
  let fake: FakeKrakenServer;
  beforeAll(async () => {
    fake = await startFakeKrakenServer();
  });
  afterAll(async () => fake.close());

  const client = async (nonce: () => number) => {
    const { kraken } = await import('ccxt');
    const exchange = new kraken({
      apiKey: FAKE_KRAKEN_CREDENTIALS.apiKey,
      secret: FAKE_KRAKEN_CREDENTIALS.apiSecret,
      enableRateLimit: false,
      urls: { api: { public: fake.url, private: fake.url } },
    });
    exchange.nonce = nonce;
    return exchange;
  };

  it('refuses a reused or decreasing nonce, takes a rising one', async () => {
    let nonce = 5_000;
    const exchange = await client(() => nonce);
    const order = { pair: 'XBTUSD', type: 'buy', ordertype: 'market', volume: '0.001' };
    const placed = (await exchange.privatePostAddOrder(order)) as Answer;
    expect(placed.result).toMatchObject({ descr: { order: 'buy 0.00100000 XBTUSD @ market' } });
    await expect(exchange.privatePostAddOrder(order)).rejects.toThrow(/EAPI:Invalid nonce/);
    nonce = 4_999;
    await expect(exchange.privatePostAddOrder(order)).rejects.toThrow(/EAPI:Invalid nonce/);
    nonce = 5_001;
    const txid = (placed.result?.txid as string[])[0] as string;
    const queried = (await exchange.privatePostQueryOrders({ txid })) as Answer;
    // 0.001 BTC at the best recorded ask (0.136 there): cost 105.9443, fee 0.4 %.
    expect(queried.result?.[txid]).toMatchObject({
      status: 'closed',
      vol: '0.00100000',
      vol_exec: '0.00100000',
      cost: '105.94430',
      fee: '0.42378',
      price: '105944.30000',
      descr: { pair: 'XBTUSD', type: 'buy', ordertype: 'market' },
    });
  });

  it("checks the pair's lot decimals and minimums", async () => {
    let nonce = Date.now();
    const exchange = await client(() => ++nonce);
    const add = (volume: string) =>
      exchange.privatePostAddOrder({ pair: 'XBTUSD', type: 'sell', ordertype: 'market', volume });
    await expect(add('0.000000001')).rejects.toThrow(/EGeneral:Invalid arguments:volume/);
    await expect(add('0.00001')).rejects.toThrow(/EOrder:Order minimum not met/); // ordermin 0.00005
    await expect(exchange.privatePostQueryOrders({ txid: 'OAAAAA-BBBBB-CCCCCC' })).rejects.toThrow(
      /EOrder:Invalid order/,
    );
  });
});
