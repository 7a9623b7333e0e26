import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import {
  WEBHOOK_FORMAT_NAMES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEndpoint,
} from '../../../../contract/webhooks';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { StatusMessage } from '../../../components/ui/status-message';
import { useConfirm } from '../../../components/ui/use-confirm';
import { serverErrorMessage } from '../../../lib/api-client';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhooks,
  WEBHOOKS_LOAD_ERROR,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { EVENT_LABELS, WebhookForm } from './webhook-form';

export const SECRET_SHOWN_ONCE =
  'This signing secret is shown once: copy it into your receiver now. Only its last characters are kept here.';
export const rotateQuestion = (url: string) =>
  `Rotate the signing secret of ${url}? The old secret stops at once: update your receiver with the new one.`;
export const deleteQuestion = (url: string) => `Delete the webhook ${url} and its delivery log?`;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Signing secret copied to clipboard');
  } catch {
    toast.error('Could not copy: select the secret and copy it yourself');
  }
}

/**
 * Settings' 'Webhooks' (issue #21): the events a trader chooses, POSTed signed to their own URLs
 * (their receiver, their Freqtrade, a 3Commas signal bot). A new or rotated signing secret is shown
 * once; each endpoint shows its state, why it was disabled, and its delivery log.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    // The anchor a 'Webhook disabled' notification leads to.
    <div id="webhooks" className="lg:col-span-3">
      <SectionCard title="Webhooks">
        <div className="space-y-6 text-sm">
          <p className="text-slate-300">
            HeatSignal POSTs the events you choose to your URLs, as HeatSignal JSON, a Freqtrade force entry
            or a 3Commas signal. Failed deliveries are retried for 24 hours.
          </p>
          <VerifyingSignatures />
          {secret ? <ShownSecret secret={secret} onDone={() => setSecret(null)} /> : null}
          <WebhookForm onCreated={setSecret} />
          {webhooks.data ? (
            <EndpointList endpoints={webhooks.data.endpoints} onSecret={setSecret} />
          ) : webhooks.isError ? (
            <LoadError
              title={WEBHOOKS_LOAD_ERROR}
              detail={serverErrorMessage(webhooks.error, WEBHOOKS_LOAD_ERROR)}
            />
          ) : (
            <StatusMessage>Loading webhooks...</StatusMessage>
          )}
        </div>
      </SectionCard>
    </div>
  );
}

function VerifyingSignatures() {
  return (
    <details className="rounded-lg border border-slate-700 bg-slate-900/40 px-4 py-3">
      <summary className="cursor-pointer font-medium text-slate-100">Verifying signatures</summary>
      <p className="mt-2 text-slate-300">
        Every request carries{' '}
        <code className="text-orange-200">
          {WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix time&gt;,v1=&lt;hex&gt;
        </code>
        , where <code className="text-orange-200">v1</code> is the HMAC-SHA256 of{' '}
        <code className="text-orange-200">&lt;t&gt;.&lt;raw body&gt;</code> keyed with the endpoint&apos;s
        signing secret. Recompute it over the bytes you received, compare in constant time, and refuse a{' '}
        <code className="text-orange-200">t</code> more than 5 minutes from your clock.{' '}
        <Link to="/docs#webhooks" className="text-orange-300 underline hover:text-orange-200">
          The webhook docs
        </Link>{' '}
        have the formats and a Node example.
      </p>
    </details>
  );
}

function ShownSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-3 rounded-lg border border-orange-700/70 bg-orange-950/30 p-4">
      <p className="font-medium text-orange-100">{SECRET_SHOWN_ONCE}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code
          data-testid="webhook-secret"
          className="rounded border border-slate-600 bg-slate-900 px-3 py-2 font-mono break-all text-orange-300"
        >
          {secret}
        </code>
        <Button variant="secondary" onClick={() => void copy(secret)}>
          Copy
        </Button>
      </div>
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function EndpointList({
  endpoints,
  onSecret,
}: {
  endpoints: WebhookEndpoint[];
  onSecret: (secret: string) => void;
}) {
  const { ask, dialog } = useConfirm();
  if (endpoints.length === 0) return <p className="text-slate-400">No webhooks yet.</p>;
  return (
    <>
      <ul aria-label="Webhooks" className="divide-y divide-slate-800">
        {endpoints.map((endpoint) => (
          <EndpointItem key={endpoint.id} endpoint={endpoint} ask={ask} onSecret={onSecret} />
        ))}
      </ul>
      {dialog}
    </>
  );
}

function EndpointItem({
  endpoint,
  ask,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  ask: (message: string, action: () => void) => void;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const busy = update.isPending || remove.isPending || rotate.isPending || test.isPending;
  const failed = (fallback: string) => (error: unknown) => toast.error(serverErrorMessage(error, fallback));

  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-mono break-all text-slate-100">{endpoint.url}</p>
          <p className="text-slate-400">
            {WEBHOOK_FORMAT_NAMES[endpoint.format]} · {endpoint.events.map((e) => EVENT_LABELS[e]).join(', ')}{' '}
            · secret <code className="whitespace-nowrap text-slate-300">{endpoint.secretHint}</code>
            <span
              className={`ml-2 rounded px-2 py-0.5 text-xs ${endpoint.enabled ? 'bg-emerald-900/60 text-emerald-200' : 'bg-red-900/60 text-red-200'}`}
            >
              {endpoint.enabled ? 'enabled' : 'disabled'}
            </span>
          </p>
          {endpoint.disabledReason ? <p className="text-red-300">{endpoint.disabledReason}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {endpoint.format !== '3commas' ? (
            <Button
              variant="secondary"
              disabled={busy || !endpoint.enabled}
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => {
                    setShowLog(true);
                    toast.success('Test event queued');
                  },
                  onError: failed('Could not send a test event'),
                })
              }
            >
              Send test event
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, enabled: !endpoint.enabled },
                { onError: failed('Could not change the webhook') },
              )
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              ask(rotateQuestion(endpoint.url), () =>
                rotate.mutate(endpoint.id, {
                  onSuccess: (answer) => onSecret(answer.secret),
                  onError: failed('Could not rotate the signing secret'),
                }),
              )
            }
          >
            Rotate secret
          </Button>
          <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              ask(deleteQuestion(endpoint.url), () =>
                remove.mutate(endpoint.id, {
                  onSuccess: () => toast.success('Webhook deleted'),
                  onError: failed('Could not delete the webhook'),
                }),
              )
            }
          >
            Delete
          </Button>
        </div>
      </div>
      {showLog ? <WebhookDeliveries endpointId={endpoint.id} url={endpoint.url} /> : null}
    </li>
  );
}
