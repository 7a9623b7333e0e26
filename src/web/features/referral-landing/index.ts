export { ReferralLandingPage } from './components/referral-landing-page';
