export { AdminPairDetailsModal } from './components/admin-pair-details-modal';
