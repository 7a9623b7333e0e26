export { ReferralsPage } from './components/referrals-page';
