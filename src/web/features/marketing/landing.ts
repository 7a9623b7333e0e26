/** The landing page, kept apart from index.ts so the other public pages stay out of its bundle. */
export { LandingPage } from './components/landing-page';
