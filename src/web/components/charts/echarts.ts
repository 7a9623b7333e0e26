/*
 * The one chart library of the web app, imported piece by piece: only the chart types and
 * components the screens use reach the bundle (the whole of ECharts is twice the size). This module
 * is only ever imported lazily (see lazy-chart.tsx), so no page pays for it before it draws a chart.
 */
import { HeatmapChart, LineChart, ScatterChart, TreemapChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  HeatmapChart,
  LineChart,
  ScatterChart,
  TreemapChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
