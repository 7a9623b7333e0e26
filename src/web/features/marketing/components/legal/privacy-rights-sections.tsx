import { LEGAL_NAME, LegalLink, LegalSection } from './legal-page';

/** Privacy policy, part 2: storage, retention, security, rights and contact. */
export function PrivacyRightsSections() {
  return (
    <>
      <LegalSection title="5. Cookies and local storage">
        <p>
          We keep your sign-in token in your browser&apos;s local storage so that you stay signed in, and, if
          you arrive through a referral link, the referral code until you sign up. The sign-in service may
          also set a strictly necessary session cookie. We use no advertising or third-party tracking cookies.
        </p>
      </LegalSection>

      <LegalSection title="6. How long we keep it">
        <ul>
          <li>Account, preference and trading data: for as long as your account is open.</li>
          <li>
            Ledger, payment and trade records: for as long as accounting, tax and anti-money-laundering law
            requires, even after your account is closed.
          </li>
          <li>Contact messages: for as long as needed to answer and follow up on them.</li>
          <li>Technical logs: for a short period, unless needed to investigate a security incident.</li>
        </ul>
      </LegalSection>

      <LegalSection title="7. Security">
        <p>
          We protect your data with encrypted connections, hashed passwords, revocable access tokens, access
          to administrative functions limited to authorised administrators, and a ledger in which every money
          movement is recorded and cannot be silently changed. No system is perfectly secure; if a breach
          affects your data we will tell you and the authorities as the law requires.
        </p>
      </LegalSection>

      <LegalSection title="8. Your rights">
        <p>
          Depending on where you live, you may have the right to access your data, correct it, delete it,
          restrict or object to its use, receive it in a portable format, and withdraw consent you have given.
          You can change your trading and notification preferences at any time in your{' '}
          <LegalLink to="/settings">Settings</LegalLink>. For any other request,{' '}
          <LegalLink to="/contact">contact us</LegalLink>; we will answer within one month. You also have the
          right to complain to your data protection authority.
        </p>
      </LegalSection>

      <LegalSection title="9. Children">
        <p>The Service is for adults only. We do not knowingly collect data from anyone under 18.</p>
      </LegalSection>

      <LegalSection title="10. Changes to this policy">
        <p>
          We may update this policy as the Service changes. We will change the effective date above and, for
          significant changes, tell you by email or in the app before they apply.
        </p>
      </LegalSection>

      <LegalSection title="11. Contact">
        <p>
          Questions about this policy or your data? Reach {LEGAL_NAME} through our{' '}
          <LegalLink to="/contact">contact page</LegalLink>.
        </p>
      </LegalSection>
    </>
  );
}
