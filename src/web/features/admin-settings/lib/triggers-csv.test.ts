import { describe, expect, it } from 'vitest';
import { triggersCsv } from './triggers-csv';

describe('the triggers CSV', () => {
  it('has the spec columns, keywords joined in one quoted cell, no source empty', () => {
    const csv = triggersCsv([
      {
        id: 't1',
        type: 'news',
        symbol: 'BTC/USD',
        source: null,
        keywords: ['etf', '=cmd'],
        active: true,
        parameters: null,
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'type,symbol,source,keywords,active,createdAt',
      'news,BTC/USD,,"etf, =cmd",true,2026-11-21T10:00:00.000Z',
      '',
    ]);
  });
});
