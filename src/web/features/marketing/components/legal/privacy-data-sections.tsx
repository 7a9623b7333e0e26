import { LEGAL_NAME, LegalLink, LegalSection } from './legal-page';

/** Privacy policy, part 1: who we are, what we collect and why. */
export function PrivacyDataSections() {
  return (
    <>
      <LegalSection title="1. Who we are">
        <p>
          {LEGAL_NAME} (&quot;HeatSignal&quot;, &quot;we&quot;, &quot;us&quot;) operates the HeatSignal
          website, web application and API (together, the &quot;Service&quot;) and is the controller of the
          personal data described in this policy.
        </p>
        <p>
          HeatSignal can also be self-hosted. If you use an installation run by another organisation, that
          organisation is the controller of your data and its own privacy notice applies.
        </p>
      </LegalSection>

      <LegalSection title="2. The data we collect">
        <ul>
          <li>
            <strong className="text-white">Account data:</strong> your name, username, email address and
            password (stored only as a salted hash, never in plain text), and your organisation memberships
            and roles.
          </li>
          <li>
            <strong className="text-white">Trading data:</strong> your preferences, the offers you accept or
            reject, the trades opened for you and their results, and the comments, likes and dislikes you
            leave.
          </li>
          <li>
            <strong className="text-white">Payment data:</strong> the amount, date, type and status of your
            deposits, withdrawals and tips, and which administrator approved or rejected a withdrawal. Card
            details are entered with and processed by our card payment provider; we receive only a payment
            method reference and the result of the payment, never your full card number or security code.
          </li>
          <li>
            <strong className="text-white">Referral data:</strong> your referral code, who referred you, whom
            you referred and the points earned.
          </li>
          <li>
            <strong className="text-white">Messages:</strong> the name, email address and message you send us
            through the contact form.
          </li>
          <li>
            <strong className="text-white">Technical data:</strong> IP address, browser type, request and
            error logs, and security events such as sign-ins, needed to run and protect the Service.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. How we use your data">
        <ul>
          <li>
            To create and run your account and provide signals, the heat map, automated trading and your
            balance.
          </li>
          <li>
            To process payments through our card payment provider and to review withdrawal requests: every
            withdrawal needs an administrator&apos;s approval, so authorised administrators see the requests
            they approve or reject.
          </li>
          <li>To keep the Service secure, prevent fraud and abuse, and investigate errors.</li>
          <li>
            To answer your messages and provide support for your plan (see{' '}
            <LegalLink to="/pricing">Pricing</LegalLink>).
          </li>
          <li>To measure and improve signal quality using aggregated statistics that do not identify you.</li>
          <li>To meet our legal, accounting and regulatory obligations.</li>
        </ul>
        <p>
          We rely on the performance of our contract with you, our legitimate interest in running a secure and
          reliable service, compliance with legal obligations and, where required, your consent. We do not
          sell your personal data and we do not use it for third-party advertising.
        </p>
      </LegalSection>

      <LegalSection title="4. Who we share it with">
        <ul>
          <li>Our card payment provider, to charge deposits and pay out approved withdrawals.</li>
          <li>
            A crypto exchange, only if live trading is enabled: orders are then placed on the exchange for
            accepted offers. In the default paper-trading mode no order leaves the Service.
          </li>
          <li>
            Hosting and infrastructure providers that store and run the Service on our behalf under contract.
          </li>
          <li>
            An AI service, if one is configured to write signal commentary; it receives market figures only,
            not your personal data.
          </li>
          <li>
            Authorities, courts or advisers where the law requires it or to protect our rights and users.
          </li>
        </ul>
        <p>
          If personal data is transferred outside your country, we use appropriate safeguards such as standard
          contractual clauses.
        </p>
      </LegalSection>
    </>
  );
}
