import { LEGAL_NAME, LegalLink, LegalSection } from './legal-page';

/** Terms of service, part 2: rules of use, liability, termination and contact. */
export function TermsRulesSections() {
  return (
    <>
      <LegalSection title="8. Referrals">
        <p>
          You may share your referral code and earn referral points as described in the app. Referring
          yourself, creating fake accounts or otherwise gaming the programme is not allowed, and points gained
          that way may be removed.
        </p>
      </LegalSection>

      <LegalSection title="9. Acceptable use">
        <ul>
          <li>
            Do not use the Service for anything unlawful, including market manipulation or money laundering.
          </li>
          <li>
            Do not try to access other users&apos; data, administrative functions or systems you are not
            allowed to use.
          </li>
          <li>
            Do not overload, disrupt or reverse-engineer the Service, and respect the API&apos;s rate limits.
          </li>
          <li>Do not share your account or resell the signals without our written permission.</li>
        </ul>
      </LegalSection>

      <LegalSection title="10. API">
        <p>
          API access follows your plan. Tokens are personal to your account. We may change endpoints and
          limits and will give notice of changes that break existing integrations where we reasonably can.
        </p>
      </LegalSection>

      <LegalSection title="11. Self-hosted installations">
        <p>
          HeatSignal can be run by other organisations on their own servers. These Terms cover the Service
          that {LEGAL_NAME} operates. An installation run by someone else is that operator&apos;s
          responsibility, including its settings, approvals, payments and any live trading.
        </p>
      </LegalSection>

      <LegalSection title="12. Availability and disclaimers">
        <p>
          We work to keep the Service available and accurate, but it is provided &quot;as is&quot;. Market
          data can be delayed or wrong, analyses can fail and the Service can be interrupted for maintenance
          or reasons beyond our control. We do not guarantee any trading result.
        </p>
      </LegalSection>

      <LegalSection title="13. Limitation of liability">
        <p>
          To the extent the law allows, {LEGAL_NAME} is not liable for trading losses, lost profits or
          indirect or consequential losses, and our total liability to you is limited to the fees you paid us
          in the twelve months before the claim. Nothing in these Terms limits liability that cannot be
          limited by law, such as for fraud.
        </p>
      </LegalSection>

      <LegalSection title="14. Suspension and closing your account">
        <p>
          You can close your account at any time by <LegalLink to="/contact">contacting us</LegalLink>; any
          remaining balance can be withdrawn, subject to the usual administrator approval. We may suspend or
          close accounts that break these Terms or where the law requires it, and will tell you why unless we
          are not allowed to.
        </p>
      </LegalSection>

      <LegalSection title="15. Changes and governing law">
        <p>
          We may update these Terms; we will change the effective date above and give notice of significant
          changes before they apply. These Terms are governed by the law of the country in which {LEGAL_NAME}{' '}
          is registered, and its courts have jurisdiction, without removing any protection your local consumer
          law gives you.
        </p>
      </LegalSection>

      <LegalSection title="16. Contact">
        <p>
          Questions about these Terms? Use our <LegalLink to="/contact">contact page</LegalLink>. Your privacy
          is covered by our <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>.
        </p>
      </LegalSection>
    </>
  );
}
