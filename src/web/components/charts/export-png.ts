import { downloadHref } from '../../lib/download';
import type { ChartHandle } from './chart-types';

/** Spec 9, image export: the chart gets 100 ms to finish drawing before it is captured. */
export const EXPORT_DELAY_MS = 100;

export const EXPORT_MESSAGES = {
  success: 'Chart exported successfully',
  failure: 'Failed to export chart',
} as const;

/**
 * Saves a drawn chart as a PNG, entirely in the browser. Resolves to the toast text to show:
 * the spec's success text, or its failure text when the chart is not there or cannot be drawn.
 */
export async function exportChartPng(
  chart: ChartHandle | null,
  fileName: string,
): Promise<(typeof EXPORT_MESSAGES)[keyof typeof EXPORT_MESSAGES]> {
  await new Promise((resolve) => setTimeout(resolve, EXPORT_DELAY_MS));
  try {
    if (!chart) throw new Error('Chart is not drawn');
    downloadHref(chart.toPngDataUrl(), fileName);
    return EXPORT_MESSAGES.success;
  } catch {
    return EXPORT_MESSAGES.failure;
  }
}
