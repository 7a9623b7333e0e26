import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { WebhookEventType } from '../../../../contract/webhooks';
import {
  createWebhookEndpointInputSchema,
  freqtradeOrderTypes,
  WEBHOOK_FORMAT_EVENTS,
  WEBHOOK_FORMAT_NAMES,
  webhookFormats,
  type CreateWebhookEndpointInput,
  type WebhookFormat,
} from '../../../../contract/webhooks';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/webhooks';

export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'offer.created': 'New matching offer',
  'trade.opened': 'Trade opened',
  'trade.closed': 'Trade closed',
  'withdrawal.approved': 'Withdrawal approved',
  'withdrawal.rejected': 'Withdrawal rejected',
  'guardrail.triggered': 'Guardrail triggered',
};

const URL_HINTS: Record<WebhookFormat, string> = {
  heatsignal: 'Your receiver, e.g. https://bots.example.com/heatsignal',
  freqtrade: "Your Freqtrade REST API's force entry: https://<host>/api/v1/forceenter",
  '3commas': "3Commas' signal bot webhook URL",
};
const THREE_COMMAS_URL = 'https://api.3commas.io/signal_bots/webhooks';

interface FormState {
  url: string;
  format: WebhookFormat;
  events: WebhookEventType[];
  username: string;
  password: string;
  stakeAmount: string;
  ordertype: (typeof freqtradeOrderTypes)[number];
  botUuid: string;
  botSecret: string;
  maxLag: string;
}

const EMPTY: FormState = {
  url: '',
  format: 'heatsignal',
  events: ['offer.created'],
  username: '',
  password: '',
  stakeAmount: '',
  ordertype: 'market',
  botUuid: '',
  botSecret: '',
  maxLag: '',
};

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function inputOf(state: FormState): CreateWebhookEndpointInput {
  const common = { url: state.url.trim(), events: state.events };
  if (state.format === 'freqtrade') {
    return {
      ...common,
      format: 'freqtrade',
      freqtrade: {
        username: state.username,
        password: state.password,
        stakeAmount: numberOrNull(state.stakeAmount),
        ordertype: state.ordertype,
      },
    };
  }
  if (state.format === '3commas') {
    return {
      ...common,
      format: '3commas',
      threeCommas: { botUuid: state.botUuid, secret: state.botSecret, maxLag: numberOrNull(state.maxLag) },
    };
  }
  return { ...common, format: 'heatsignal' };
}

/** The first problem of each field, keyed by its last path segment (url, events, password…). */
function errorsOf(state: FormState): Record<string, string> {
  const parsed = createWebhookEndpointInputSchema.safeParse(inputOf(state));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path.at(-1) ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** URL, format (with its own fields) and events; hands the new endpoint's secret to `onCreated`. */
export function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [state, setState] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const allowed = WEBHOOK_FORMAT_EVENTS[state.format];

  const chooseFormat = (format: WebhookFormat) =>
    setState((s) => {
      const events = s.events.filter((e) => WEBHOOK_FORMAT_EVENTS[format].includes(e));
      return {
        ...s,
        format,
        events: events.length > 0 ? events : ['offer.created'],
        url: format === '3commas' && s.url === '' ? THREE_COMMAS_URL : s.url,
      };
    });
  const toggle = (event: WebhookEventType) =>
    set(
      'events',
      state.events.includes(event) ? state.events.filter((e) => e !== event) : [...state.events, event],
    );

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    const found = errorsOf(state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { secret } = await create.mutateAsync(inputOf(state));
      setState(EMPTY);
      onCreated(secret);
      toast.success('Webhook added');
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Could not create the webhook'));
    }
  };

  return (
    <form noValidate aria-label="Add webhook" onSubmit={(e) => void submit(e)} className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <div className="md:col-span-2">
          <TextField
            label="URL"
            type="url"
            placeholder={URL_HINTS[state.format]}
            value={state.url}
            error={errors.url}
            onChange={(e) => set('url', e.target.value)}
          />
        </div>
        <SelectField
          id="webhook-format"
          label="Format"
          value={state.format}
          options={webhookFormats.map((f) => ({ value: f, label: WEBHOOK_FORMAT_NAMES[f] }))}
          onChange={chooseFormat}
        />
      </div>
      {state.format === 'freqtrade' ? (
        <div className="grid gap-4 md:grid-cols-4">
          <TextField
            label="API user name"
            autoComplete="off"
            value={state.username}
            error={errors.username}
            onChange={(e) => set('username', e.target.value)}
          />
          <TextField
            label="API password"
            type="password"
            autoComplete="new-password"
            value={state.password}
            error={errors.password}
            onChange={(e) => set('password', e.target.value)}
          />
          <TextField
            label="Stake ($, optional)"
            inputMode="decimal"
            placeholder="Your minimum entry"
            value={state.stakeAmount}
            error={errors.stakeAmount}
            onChange={(e) => set('stakeAmount', e.target.value)}
          />
          <SelectField
            id="webhook-ordertype"
            label="Order type"
            value={state.ordertype}
            options={freqtradeOrderTypes.map((t) => ({
              value: t,
              label: t === 'market' ? 'Market' : 'Limit',
            }))}
            onChange={(value) => set('ordertype', value)}
          />
        </div>
      ) : null}
      {state.format === '3commas' ? (
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            label="Bot UUID"
            autoComplete="off"
            value={state.botUuid}
            error={errors.botUuid}
            onChange={(e) => set('botUuid', e.target.value)}
          />
          <TextField
            label="Bot secret"
            type="password"
            autoComplete="new-password"
            value={state.botSecret}
            error={errors.secret}
            onChange={(e) => set('botSecret', e.target.value)}
          />
          <TextField
            label="Max lag (s, optional)"
            inputMode="numeric"
            value={state.maxLag}
            error={errors.maxLag}
            onChange={(e) => set('maxLag', e.target.value)}
          />
        </div>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-200">Events</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {allowed.map((event) => (
            <label
              key={event}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm text-slate-200 hover:border-slate-500"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-orange-500"
                checked={state.events.includes(event)}
                onChange={() => toggle(event)}
              />
              {EVENT_LABELS[event]}
            </label>
          ))}
        </div>
        {errors.events ? (
          <p role="alert" className="mt-2 text-sm text-red-400">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add webhook'}
      </Button>
    </form>
  );
}
