export { AdminDashboardPage } from './components/admin-dashboard-page';
