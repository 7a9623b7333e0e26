export { AdminDashboardPage } from './components/admin-dashboard-page';
export { PairStatusPage } from './components/pair-status-page';
