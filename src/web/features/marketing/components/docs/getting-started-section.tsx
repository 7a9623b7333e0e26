import { Link } from 'react-router';
import { DocsSection, InlineCode } from './docs-section';

export function GettingStartedSection() {
  return (
    <DocsSection id="getting-started" title="Getting Started">
      <ol className="list-decimal space-y-3 pl-6">
        <li>
          <Link to="/auth" className="font-semibold text-orange-400 hover:text-orange-300">
            Create an account or sign in
          </Link>{' '}
          and look around the dashboard, offers and heat map to see what the data means.
        </li>
        <li>
          Sign in through <InlineCode>POST /api/auth/sign-in/email</InlineCode> and keep the token from the{' '}
          <InlineCode>set-auth-token</InlineCode> header.
        </li>
        <li>
          Read the hottest pairs with <InlineCode>GET /api/offers/heat-map?timeRange=7d</InlineCode> and the
          live offers with <InlineCode>GET /api/offers</InlineCode>.
        </li>
        <li>
          Accept an offer with <InlineCode>POST /api/offers/:id/accept</InlineCode> and an{' '}
          <InlineCode>entryAmount</InlineCode>, then follow it in{' '}
          <InlineCode>GET /api/trades/trades</InlineCode>.
        </li>
        <li>
          Open <InlineCode>GET /api/pairs/subscribe?pairs=...</InlineCode> to receive ticker and heat-map
          updates as they happen instead of polling.
        </li>
      </ol>
      <p>
        HeatSignal trades on paper by default, so you can try all of this without risking money. Ready?{' '}
        <Link to="/auth" className="font-semibold text-orange-400 hover:text-orange-300">
          Get your API token
        </Link>
        .
      </p>
    </DocsSection>
  );
}
