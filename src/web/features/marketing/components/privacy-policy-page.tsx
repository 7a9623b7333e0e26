import { LEGAL_NAME, LegalLink, LegalPage } from './legal/legal-page';
import { PrivacyDataSections } from './legal/privacy-data-sections';
import { PrivacyRightsSections } from './legal/privacy-rights-sections';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains how {LEGAL_NAME} collects, uses and protects your personal data when you use
          HeatSignal. In short: we collect what we need to run your account, your trades and your payments;
          card payments go through a card provider; withdrawals need an administrator&apos;s approval; and we
          never sell your data. You control your preferences in <LegalLink to="/settings">Settings</LegalLink>
          .
        </p>
      }
    >
      <PrivacyDataSections />
      <PrivacyRightsSections />
    </LegalPage>
  );
}
