import { LEGAL_NAME, LegalLink, LegalSection } from './legal-page';

/** Terms of service, part 1: the service, accounts, risk, trading, fees and money. */
export function TermsServiceSections() {
  return (
    <>
      <LegalSection title="1. The Service">
        <p>
          {LEGAL_NAME} provides HeatSignal: computed trading signals (&quot;offers&quot;) for crypto spot
          pairs, a real-time heat map, automated trading of the offers you accept, a balance with deposits,
          withdrawals and tips, a referral programme and an API (together, the &quot;Service&quot;).
        </p>
      </LegalSection>

      <LegalSection title="2. Your account">
        <p>
          You must be at least 18 and legally able to enter into this agreement, and using the Service must be
          lawful where you live. Give accurate information, keep your password and API tokens secret, and tell
          us at once if you think someone else has used your account. You are responsible for what happens
          under your account.
        </p>
      </LegalSection>

      <LegalSection title="3. Not financial advice">
        <p>
          Signals, scores, success rates and AI comments are statistical estimates computed from market data.
          They are not investment advice or a promise of profit. Crypto assets are highly volatile, past
          results do not guarantee future ones, and you can lose money. You decide which offers to accept and
          you are responsible for your trading decisions.
        </p>
      </LegalSection>

      <LegalSection title="4. Paper trading and live trading">
        <p>
          By default the Service trades on paper: an accepted offer opens a simulated position filled at the
          market price, with a taker fee of 0.26 % per side and realistic slippage. Paper results are
          simulated and may differ from what a real order would have achieved.
        </p>
        <p>
          Live trading happens only where it has been explicitly enabled with an exchange account. Live orders
          are subject to the exchange&apos;s own terms, fees, outages and market conditions, which are outside
          our control.
        </p>
      </LegalSection>

      <LegalSection title="5. Plans and fees">
        <p>
          The plans, their limits and their prices are shown on our{' '}
          <LegalLink to="/pricing">Pricing</LegalLink> page. We charge no platform fee on trades. Tips are
          voluntary; if you set an automatic tip percentage in your{' '}
          <LegalLink to="/settings">Settings</LegalLink>, that share of the profit is tipped when a trade
          closes in profit, and you can change it or set it to 0 at any time.
        </p>
      </LegalSection>

      <LegalSection title="6. Payments and deposits">
        <p>
          Card payments are processed by our card payment provider under its own terms; we never store your
          full card details. A deposit is credited to your balance once the card provider confirms it and
          fails if the provider declines it. Your balance is held in US dollars and is recorded in a ledger
          entry by entry.
        </p>
      </LegalSection>

      <LegalSection title="7. Withdrawals">
        <p>
          Every withdrawal requires approval by an administrator. When you request one, the amount is held and
          the withdrawal stays pending until it is reviewed. Once approved it is paid out; if it is rejected
          (for example to verify your identity, to prevent fraud or to meet a legal requirement), the held
          amount is released back to your available balance. Approval can take some time, so plan withdrawals
          ahead.
        </p>
      </LegalSection>
    </>
  );
}
