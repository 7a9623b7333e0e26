/** The public pages that load on demand; the landing page has its own entry (landing.ts). */
export { PricingPage } from './components/pricing-page';
export { DocsPage } from './components/docs-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { TermsOfServicePage } from './components/terms-of-service-page';
