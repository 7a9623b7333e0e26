import { csvText } from '../../contract/csv';
import type { HeatMapEntry } from '../../contract/heatmap';
import { saveTextFile } from './download';

/**
 * The heat map's CSV export, the same on the trader's heat map (trader spec 3), the All-Seeing Eye
 * and Offer Analytics (admin spec 9): the columns, in order.
 */
export const CSV_COLUMNS = [
  'pair',
  'heatScore',
  'status',
  'successRate',
  'positionType',
  'progrevScore',
  'refereeTrend',
  'refereeRisk',
  'activeTriggers',
  'aiComments',
  'lastUpdated',
] as const;

export function csvRow(entry: HeatMapEntry): (string | number)[] {
  return [
    entry.pair,
    entry.heatScore,
    entry.status,
    entry.successRate,
    entry.positionType,
    entry.progrevScore,
    entry.refereeTrend,
    entry.refereeRisk,
    entry.activeTriggers.length > 0 ? entry.activeTriggers.join('; ') : 'None',
    entry.aiComments.summary.trim() || 'None',
    entry.lastUpdated,
  ];
}

/** The header row and one row per entry, CRLF-separated (RFC 4180). */
export function heatmapCsv(entries: readonly HeatMapEntry[]): string {
  return csvText(CSV_COLUMNS, entries.map(csvRow));
}

/** 'heatmap-2026-11-23T10-15-00.csv' (UTC, colons replaced so every file system accepts it). */
export function csvFileName(at: Date): string {
  return `heatmap-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.csv`;
}

/** Hands the entries to the browser as heatmap-{timestamp}.csv. */
export function exportHeatmapCsv(entries: readonly HeatMapEntry[], now = new Date()): void {
  saveTextFile(csvFileName(now), heatmapCsv(entries), 'text/csv;charset=utf-8');
}
