import { describe, expect, it } from 'vitest';
import {
  analysisNoticeId,
  analysisNoticeText,
  applyAnalysisStatus,
  toProgressRow,
  type AnalysisProgress,
} from './analysis-progress';

const event = (pair: string, status: 'queued' | 'running' | 'completed' | 'failed', progress: number) => ({
  pair,
  analysisId: `run-${pair}`,
  status,
  stage: null,
  progress,
});

describe('analysis progress', () => {
  it("words the notice as the spec does: 'Analysis for {pair}: {status} ({progress}%)'", () => {
    expect(analysisNoticeText(toProgressRow(event('BTC/USD', 'running', 40)))).toBe(
      'Analysis for BTC/USD: running (40%)',
    );
  });

  it('gives the same notice the same id, and any change a new one', () => {
    const id = analysisNoticeId(toProgressRow(event('BTC/USD', 'running', 40)));
    expect(analysisNoticeId(toProgressRow({ ...event('BTC/USD', 'running', 40), analysisId: 'other' }))).toBe(
      id,
    );
    expect(
      new Set([
        id,
        analysisNoticeId(toProgressRow(event('BTC/USD', 'running', 60))),
        analysisNoticeId(toProgressRow(event('BTC/USD', 'completed', 40))),
        analysisNoticeId(toProgressRow(event('ETH/USD', 'running', 40))),
      ]).size,
    ).toBe(4);
  });

  it('holds one row per pair with its latest status, new pairs added at the end', () => {
    let rows: AnalysisProgress = [];
    rows = applyAnalysisStatus(rows, toProgressRow(event('BTC/USD', 'running', 20)));
    rows = applyAnalysisStatus(rows, toProgressRow(event('ETH/USD', 'queued', 0)));
    rows = applyAnalysisStatus(rows, toProgressRow(event('BTC/USD', 'completed', 100)));
    expect(rows).toEqual([
      { pair: 'BTC/USD', status: 'completed', progress: 100 },
      { pair: 'ETH/USD', status: 'queued', progress: 0 },
    ]);
  });

  it('shows progress as a whole percent', () => {
    expect(toProgressRow(event('BTC/USD', 'running', 33.4)).progress).toBe(33);
  });
});
