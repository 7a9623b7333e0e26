import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiKey } from '../../../../contract/api-keys';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { StatusMessage } from '../../../components/ui/status-message';
import { useConfirm } from '../../../components/ui/use-confirm';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { API_KEYS_LOAD_ERROR, useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { usePlan } from '../api/plan';
import { ApiKeyForm } from './api-key-form';

export const KEY_SHOWN_ONCE = 'This key is shown once: copy it now. Only its first characters are kept here.';
export const revokeQuestion = (name: string) =>
  `Revoke the API key "${name}"? Every program using it is refused from its next request.`;
export const curlLine = (key: string, origin: string) =>
  `curl -H "Authorization: Bearer ${key}" ${origin}/api/offers`;

const STATE_STYLES: Record<ApiKey['state'], string> = {
  active: 'bg-emerald-900/60 text-emerald-200',
  expired: 'bg-slate-700 text-slate-300',
  revoked: 'bg-red-900/60 text-red-200',
};

async function copy(text: string, what: string): Promise<void> {
  try {
    // Missing outside secure contexts, and refused without permission: both are a failed copy.
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard`);
  } catch {
    toast.error(`Could not copy: select the ${what.toLowerCase()} and copy it yourself`);
  }
}

/**
 * Settings' 'API keys' (issue #21): personal keys for the trader's own programs. A new key is
 * shown once, with a ready-to-run curl line; the list shows each key's first characters, scopes,
 * dates and state, and revokes a key (after a confirmation).
 */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const plan = usePlan();
  const [created, setCreated] = useState<string | null>(null);

  return (
    <SectionCard title="API keys" className="lg:col-span-3">
      <div className="space-y-6 text-sm">
        <p className="text-slate-300">
          Keys let your own programs call the API (reference:{' '}
          <a href="/docs/api" className="text-orange-300 underline hover:text-orange-200">
            /docs/api
          </a>
          ): send one in the header <code className="text-orange-200">Authorization: Bearer hs_…</code>
        </p>
        {created ? <CreatedKey apiKey={created} onDone={() => setCreated(null)} /> : null}
        <ApiKeyForm plan={plan.data?.plan ?? null} onCreated={setCreated} />
        {keys.data ? (
          <KeyList apiKeys={keys.data.apiKeys} />
        ) : keys.isError ? (
          <LoadError
            title={API_KEYS_LOAD_ERROR}
            detail={serverErrorMessage(keys.error, API_KEYS_LOAD_ERROR)}
          />
        ) : (
          <StatusMessage>Loading API keys...</StatusMessage>
        )}
      </div>
    </SectionCard>
  );
}

function CreatedKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const curl = curlLine(apiKey, window.location.origin);
  return (
    <div role="status" className="space-y-3 rounded-lg border border-orange-700/70 bg-orange-950/30 p-4">
      <p className="font-medium text-orange-100">{KEY_SHOWN_ONCE}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code
          data-testid="new-api-key"
          className="rounded border border-slate-600 bg-slate-900 px-3 py-2 font-mono break-all text-orange-300"
        >
          {apiKey}
        </code>
        <Button variant="secondary" onClick={() => void copy(apiKey, 'Key')}>
          Copy
        </Button>
      </div>
      <p className="text-slate-300">Try it:</p>
      <div className="flex flex-wrap items-center gap-3">
        <code
          data-testid="api-key-curl"
          className="rounded border border-slate-700 bg-slate-900 px-3 py-2 font-mono text-xs break-all text-slate-200"
        >
          {curl}
        </code>
        <Button variant="ghost" onClick={() => void copy(curl, 'Command')}>
          Copy command
        </Button>
      </div>
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function KeyList({ apiKeys }: { apiKeys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const { ask, dialog } = useConfirm();
  if (apiKeys.length === 0) return <p className="text-slate-400">No API keys yet.</p>;

  const revokeKey = (key: ApiKey) =>
    ask(revokeQuestion(key.name), () =>
      revoke.mutate(key.id, {
        onSuccess: () => toast.success(`The API key "${key.name}" is revoked`),
        onError: (error) => toast.error(serverErrorMessage(error, 'Could not revoke the API key')),
      }),
    );

  return (
    <>
      <ul aria-label="API keys" className="divide-y divide-slate-800">
        {apiKeys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium text-slate-100">
                {key.name} <code className="ml-1 font-mono text-slate-400">{key.prefix}…</code>
                <span className={`ml-2 rounded px-2 py-0.5 text-xs ${STATE_STYLES[key.state]}`}>
                  {key.state}
                </span>
              </p>
              <p className="text-slate-400">
                {key.scopes.join(' + ')} · created {formatDateTime(key.createdAt)} · last used{' '}
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'} ·{' '}
                {key.revokedAt
                  ? `revoked ${formatDateTime(key.revokedAt)}`
                  : key.expiresAt
                    ? `${key.state === 'expired' ? 'expired' : 'expires'} ${formatDateTime(key.expiresAt)}`
                    : 'no expiry'}
              </p>
            </div>
            {key.state === 'active' ? (
              <Button
                variant="secondary"
                disabled={revoke.isPending}
                aria-label={`Revoke ${key.name} (${key.prefix}…)`}
                onClick={() => revokeKey(key)}
              >
                Revoke
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
