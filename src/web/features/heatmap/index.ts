export { HeatmapPage } from './components/heatmap-page';
