export { PairStatusPage } from './components/pair-status-page';
