export { LazyChart } from './lazy-chart';
export { exportChartPng, EXPORT_MESSAGES } from './export-png';
export type { ChartHandle, ChartOption } from './chart-types';
