import { describe, expect, it } from 'vitest';
import { parseTrackRecordFilters, serializeTrackRecordFilters } from './track-record-filters';

const parse = (query: string) => parseTrackRecordFilters(new URLSearchParams(query));

describe('track record filters in the address bar', () => {
  it('reads family, pair and period, and writes them back without the defaults', () => {
    const filters = parse('family=ts-trend&pair=BTC%2FUSD&period=30d');
    expect(filters).toEqual({ family: 'ts-trend', pair: 'BTC/USD', period: '30d' });
    expect(serializeTrackRecordFilters(filters).toString()).toBe('family=ts-trend&pair=BTC%2FUSD&period=30d');
    expect(parse('')).toEqual({ family: undefined, pair: undefined, period: 'all' });
    expect(serializeTrackRecordFilters({ period: 'all' }).toString()).toBe('');
  });

  it('drops what the server would refuse instead of sending it', () => {
    expect(parse('family=%20%20&pair=btc-usd&period=1y')).toEqual({
      family: undefined,
      pair: undefined,
      period: 'all',
    });
    expect(parse(`family=${'x'.repeat(65)}`).family).toBeUndefined();
    expect(parse('family=a%0Ab').family).toBeUndefined();
    expect(parse(`family=${'x'.repeat(64)}`).family).toBe('x'.repeat(64));
  });
});
