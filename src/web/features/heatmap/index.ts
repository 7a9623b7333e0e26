export { HeatmapPage } from './components/heatmap-page';
/** Shared with the admin Offer Analytics screen: the treemap and the heat map CSV. */
export { HeatMapChart } from './components/heat-map-chart';
export { HotPulseEdge } from './components/hot-pulse-edge';
