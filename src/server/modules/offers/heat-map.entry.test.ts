import { describe, expect, it } from 'vitest';
import { parseStoredFigures } from '../analysis/analysis-figures';
import { materialize, toHeatRecord } from './heat-map.entry';
import type { HeatInputs } from './heat-map.inputs';
import { buildAnalysisFigures } from './testing/market-fixtures';

const T0 = Date.parse('2026-11-21T12:00:00.000Z');
const HOUR = 3_600_000;

const rawFigures = () =>
  buildAnalysisFigures({
    pair: 'BTC/USD',
    pairId: 1,
    completedAt: new Date(T0 - HOUR),
    heatScore: 70,
    positionType: 'long',
  });

function inputs(overrides: Partial<HeatInputs> = {}): HeatInputs {
  const completedAt = new Date(T0 - HOUR);
  return {
    pair: 'BTC/USD',
    analysis: {
      id: 'a-1',
      completedAt,
      density: 0.4,
      figures: parseStoredFigures(rawFigures()),
    },
    offers: [{ status: 'open', expiresAt: new Date(T0 + 2 * HOUR) }],
    triggers: [{ type: 'news', activeUntil: new Date(T0 + HOUR) }],
    errors: [{ error: 'timeout', at: new Date(T0 - 23 * HOUR) }],
    ...overrides,
  };
}

describe('heat-map entry', () => {
  it('applies the offer, trigger and error windows as of the read instant', () => {
    const record = toHeatRecord(inputs())!;
    const now = materialize(record, T0);
    expect(now.entry).toMatchObject({ status: 'open', activeTriggers: ['news'], heatScore: 70 });
    // Error text is in the admin JSON only.
    expect(now.entry).not.toHaveProperty('recentErrors');
    expect(JSON.parse(now.adminJson)).toEqual({
      ...now.entry,
      recentErrors: [{ error: 'timeout', at: '2026-11-20T13:00:00.000Z' }],
    });
    // The earliest of: error ages out (+1 h), trigger lapses (+1 h), offer expires (+2 h).
    expect(now.validUntil).toBe(T0 + HOUR);
    expect(JSON.parse(now.json)).toEqual(now.entry);

    const later = materialize(record, T0 + 90 * 60_000);
    expect(later.entry).toMatchObject({ status: 'open', activeTriggers: [] });
    expect(JSON.parse(later.adminJson)).toMatchObject({ recentErrors: [] });
    expect(materialize(record, T0 + 3 * HOUR).entry.status).toBe('idle');
  });

  it('is hot when any live offer is hot, and lists each trigger type once', () => {
    const record = toHeatRecord(
      inputs({
        offers: [
          { status: 'open', expiresAt: new Date(T0 + HOUR) },
          { status: 'hot', expiresAt: new Date(T0 + HOUR) },
        ],
        triggers: [
          { type: 'breakout', activeUntil: new Date(T0 + 6 * HOUR - 60_000) },
          { type: 'news', activeUntil: new Date(T0 + 6 * HOUR - 120_000) },
          { type: 'breakout', activeUntil: new Date(T0 + 5 * HOUR) },
        ],
      }),
    )!;
    expect(materialize(record, T0).entry).toMatchObject({
      status: 'hot',
      activeTriggers: ['breakout', 'news'],
    });
  });

  it('leaves out a pair without a usable analysis', () => {
    expect(toHeatRecord(inputs({ analysis: null }))).toBeNull();
    const broken = inputs();
    broken.analysis!.figures = parseStoredFigures({ analysis: { heatScore: 'hot' } });
    expect(toHeatRecord(broken)).toBeNull();
  });

  it('clamps scores into the contract ranges', () => {
    const raw = inputs();
    const figures = rawFigures();
    figures.analysis.heatScore = 100.0000001;
    figures.analysis.progrevScore = -0.01;
    raw.analysis!.figures = parseStoredFigures(figures);
    const entry = materialize(toHeatRecord(raw)!, T0).entry;
    expect([entry.heatScore, entry.progrevScore]).toEqual([100, 0]);
  });
});
