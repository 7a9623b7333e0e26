import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvFileName, heatmapCsv } from '../../../lib/heatmap-csv';
import { testEntry } from '../../../testing/test-heat-entry';

describe('heat map CSV', () => {
  it('has the header of trader spec 3 and one row per entry in the given order', () => {
    const csv = heatmapCsv([
      testEntry('ETH/USD', {
        heatScore: 81.5,
        status: 'hot',
        successRate: 62.25,
        positionType: 'scalp_long',
        progrevScore: 0.73,
        refereeTrend: 'bullish',
        refereeRisk: 'high',
        activeTriggers: ['breakout', 'volume_spike'],
        aiComments: { summary: 'Breakout above the 24 h high.' },
        lastUpdated: '2026-11-23T10:15:00.000Z',
      }),
      testEntry('BTC/USD', { activeTriggers: [], aiComments: { summary: '' } }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'pair,heatScore,status,successRate,positionType,progrevScore,refereeTrend,refereeRisk,activeTriggers,aiComments,lastUpdated',
    );
    expect(lines[1]).toBe(
      'ETH/USD,81.5,hot,62.25,scalp_long,0.73,bullish,high,breakout; volume_spike,Breakout above the 24 h high.,2026-11-23T10:15:00.000Z',
    );
    expect(lines[2]).toBe('BTC/USD,40,open,55,long,0.5,bullish,low,None,None,2026-11-21T10:00:00.000Z');
    expect(lines.slice(3)).toEqual(['']);
  });

  it('neutralises a text a spreadsheet would run as a formula', () => {
    const csv = heatmapCsv([testEntry('ETH/USD', { aiComments: { summary: '=HYPERLINK("x")' } })]);
    expect(csv.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('names the file with a UTC timestamp', () => {
    expect(csvFileName(new Date('2026-11-23T10:15:00.123Z'))).toBe('heatmap-2026-11-23T10-15-00.csv');
  });
});
