import { LEGAL_NAME, LegalLink, LegalPage } from './legal/legal-page';
import { TermsRulesSections } from './legal/terms-rules-sections';
import { TermsServiceSections } from './legal/terms-service-sections';

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These Terms are an agreement between you and {LEGAL_NAME}. By creating an account or using
          HeatSignal you accept them. Please read sections 3, 4 and 7 in particular: signals are not financial
          advice, trading is on paper by default, and withdrawals need an administrator&apos;s approval. Plans
          are listed on our <LegalLink to="/pricing">Pricing</LegalLink> page.
        </p>
      }
    >
      <TermsServiceSections />
      <TermsRulesSections />
    </LegalPage>
  );
}
