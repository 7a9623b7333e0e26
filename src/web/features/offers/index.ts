export { OffersPage } from './components/offers-page';
