export { OfferAnalyticsPage } from './components/offer-analytics-page';
