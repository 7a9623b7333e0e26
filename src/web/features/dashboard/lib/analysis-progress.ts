import type { AnalysisStatusEvent } from '../../../../contract/events';

export interface AnalysisProgressRow {
  pair: string;
  status: AnalysisStatusEvent['status'];
  /** Whole percent. */
  progress: number;
}

/** Pairs in the order their first notice came, each with its latest status. */
export type AnalysisProgress = readonly AnalysisProgressRow[];

/** A notice's identity: the same pair, status and progress again is the same notice. */
export function analysisNoticeId(row: AnalysisProgressRow): string {
  return `analysis-${row.pair}-${row.status}-${row.progress}`;
}

/** Trader spec 8: 'Analysis for {pair}: {status} ({progress}%)'. */
export function analysisNoticeText(row: AnalysisProgressRow): string {
  return `Analysis for ${row.pair}: ${row.status} (${row.progress}%)`;
}

export function toProgressRow(event: AnalysisStatusEvent): AnalysisProgressRow {
  return { pair: event.pair, status: event.status, progress: Math.round(event.progress) };
}

/** The table after a notice: the pair's row replaced in place, or a new pair added at the end. */
export function applyAnalysisStatus(rows: AnalysisProgress, row: AnalysisProgressRow): AnalysisProgress {
  return rows.some((held) => held.pair === row.pair)
    ? rows.map((held) => (held.pair === row.pair ? row : held))
    : [...rows, row];
}
