import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

/** What a screen can ask of a drawn chart (through a ref). */
export interface ChartHandle {
  /** The chart as a PNG data URL, drawn at twice the screen's resolution on the app's background. */
  toPngDataUrl(): string;
}

export interface ChartProps {
  option: ChartOption;
  /** CSS height in pixels (spec 2.4: 400 for the heat map, 300 for the line charts). */
  height: number;
  /** What the chart shows, for assistive technology (the canvas itself says nothing). */
  ariaLabel: string;
  /** A click on a data point: its series data name (e.g. the pair of a heat-map row). */
  onItemClick?: (name: string, value: unknown) => void;
}
