export { LandingPage } from './components/landing-page';
export { PricingPage } from './components/pricing-page';
export { DocsPage } from './components/docs-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { TermsOfServicePage } from './components/terms-of-service-page';
