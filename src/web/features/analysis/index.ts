export { SignalQualityPage } from './components/signal-quality-page';
