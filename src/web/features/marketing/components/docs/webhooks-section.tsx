import { WEBHOOK_SIGNATURE_HEADER } from '../../../../../contract/webhooks';
import { CodeBlock, DocsSection, InlineCode } from './docs-section';

const HEATSIGNAL_EXAMPLE = `POST /your/receiver
${WEBHOOK_SIGNATURE_HEADER}: t=1795255200,v1=5257a869e7ec…
HeatSignal-Event: offer.created

{
  "id": "offer.created:5b0c6c1e-…",
  "type": "offer.created",
  "createdAt": "2026-11-21T10:00:00.000Z",
  "data": { "offer": { "id": "5b0c6c1e-…", "pair": "BTC/USD", "positionType": "long", … } },
  "summary": { "title": "New offer: BTC/USD", "body": "…", "url": "https://…/offers" }
}`;

const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when \`header\` (${WEBHOOK_SIGNATURE_HEADER}) signs \`rawBody\` with \`secret\` within 5 minutes. */
export function verifyHeatSignal(rawBody, header = '', secret, toleranceSeconds = 300) {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts.some(([key, value]) => {
    const given = Buffer.from(key === 'v1' ? value : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/** The docs page's part on outbound webhooks (docs/webhooks.md in the repository says it all). */
export function WebhooksSection() {
  return (
    <DocsSection id="webhooks" title="Webhooks">
      <p>
        Under <strong>Settings → Webhooks</strong> you choose events (a new offer matching your preferences,
        your trade opened or closed, a withdrawal approved or rejected, a guardrail that refused an accept)
        and a URL. HeatSignal POSTs each event there as HeatSignal JSON, as the body of your Freqtrade REST
        API&apos;s <InlineCode>/api/v1/forceenter</InlineCode> (with its user and password), or as a 3Commas
        signal bot&apos;s JSON (<InlineCode>enter_long</InlineCode>, <InlineCode>exit_long</InlineCode>…).
      </p>
      <CodeBlock label="A HeatSignal JSON delivery">{HEATSIGNAL_EXAMPLE}</CodeBlock>
      <p>
        Every request is signed with the endpoint&apos;s secret (<InlineCode>whsec_…</InlineCode>, shown once
        when the endpoint is made or its secret rotated): <InlineCode>v1</InlineCode> is the hex HMAC-SHA256
        of <InlineCode>{'<t>.<raw body>'}</InlineCode>. Check it over the exact bytes you received, compare in
        constant time, and refuse a <InlineCode>t</InlineCode> more than 5 minutes from your clock, which
        stops replays. The event id (<InlineCode>HeatSignal-Event-Id</InlineCode>) is the same on every retry:
        drop the ones you already have.
      </p>
      <CodeBlock label="Verifying a signature in Node">{VERIFY_EXAMPLE}</CodeBlock>
      <p>
        Answer any 2xx within 10 seconds. Anything else is retried after 1, 2, 4, 8 … minutes (at most 4 hours
        apart) for 24 hours; an offer that expired meanwhile is not sent. After 10 failed attempts in a row
        the endpoint is disabled, with the reason shown on Settings; enable it again once your receiver is
        back. Each endpoint&apos;s delivery log shows the status, attempts, HTTP status and latency of every
        delivery, and &lsquo;Send test event&rsquo; tries your receiver at once.
      </p>
    </DocsSection>
  );
}
