export { AdminPairDetailsModal } from './admin-pair-details-modal';
