export { PaymentsPage } from './components/payments-page';
