import { DocsSection, InlineCode } from './docs-section';

export function OverviewSection() {
  return (
    <DocsSection id="overview" title="API Overview">
      <p>
        Everything the HeatSignal web app shows comes from the same HTTP API, so anything you can do on screen
        you can also script. All paths below are relative to the base path <InlineCode>/api</InlineCode> on
        your HeatSignal host, for example <InlineCode>https://heatsignal.example.com/api/offers</InlineCode>.
      </p>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          Requests and responses are JSON (send <InlineCode>Content-Type: application/json</InlineCode> with a
          body).
        </li>
        <li>
          A failed call answers with a 4xx or 5xx status and a body{' '}
          <InlineCode>{'{ "error": "..." }'}</InlineCode> describing the problem.
        </li>
        <li>
          Every call that reads or changes your data needs your bearer token, and only ever sees your own
          offers, trades and payments.
        </li>
        <li>
          Money is in US dollars with 2 decimals; scores and rates are numbers from 0 to 100 (progrev 0 to 1).
        </li>
        <li>
          Trading is on paper by default: accepting an offer opens a simulated position with a 0.26 % taker
          fee per side.
        </li>
      </ul>
    </DocsSection>
  );
}
