export { PairDetailsModal } from './components/pair-details-modal';
