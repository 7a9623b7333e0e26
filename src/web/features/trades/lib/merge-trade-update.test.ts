import { describe, expect, it } from 'vitest';
import type { ListTradesResponse, Trade } from '../../../../contract/trades';
import { mergeTradeUpdate } from './merge-trade-update';

const trade = (id: string, over: Partial<Trade> = {}): Trade => ({
  id,
  offerId: 'offer-1',
  pair: 'BTC/USD',
  positionType: 'long',
  amount: 100,
  profit: 0.5,
  status: 'open',
  entryPrice: 60000,
  exitPrice: null,
  autoCloseProfitPercent: 5,
  openedAt: '2026-11-21T10:00:00.000Z',
  closedAt: null,
  ...over,
});

const page: ListTradesResponse = { trades: [trade('t1'), trade('t2')], total: 2 };

describe('mergeTradeUpdate', () => {
  it('merges the changed fields into the row and keeps the others', () => {
    const { list, found } = mergeTradeUpdate(page, {
      id: 't2',
      status: 'closed',
      profit: 5.4,
      exitPrice: 63300,
      closedAt: '2026-11-21T11:00:00.000Z',
    });
    expect(found).toBe(true);
    expect(list.trades[1]).toEqual(
      trade('t2', { status: 'closed', profit: 5.4, exitPrice: 63300, closedAt: '2026-11-21T11:00:00.000Z' }),
    );
    expect(list.trades[0]).toBe(page.trades[0]);
    expect(page.trades[1]!.status).toBe('open');
  });

  it('ignores fields sent as undefined', () => {
    const { list } = mergeTradeUpdate(page, { id: 't1', status: 'failed', profit: undefined });
    expect(list.trades[0]!.profit).toBe(0.5);
    expect(list.trades[0]!.status).toBe('failed');
  });

  it('reports a trade that is not on the page and leaves the page alone', () => {
    const { list, found } = mergeTradeUpdate(page, { id: 'new', status: 'open' });
    expect(found).toBe(false);
    expect(list).toBe(page);
  });
});
