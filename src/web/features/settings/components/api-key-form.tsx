import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  API_KEY_MAX_LIFETIME_DAYS,
  API_KEY_REQUESTS_PER_MINUTE,
  createApiKeyInputSchema,
  type CreateApiKeyInput,
} from '../../../../contract/api-keys';
import type { PlanName } from '../../../../contract/billing';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/api-keys';

const DAY_MS = 24 * 3600_000;
/** A date input's value for a day `days` from today (local time). */
const dayFromToday = (days: number) => {
  const day = new Date(Date.now() + days * DAY_MS);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};
/** A key chosen to expire on a day works until the end of that day, in the trader's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

const formSchema = z.object({
  name: createApiKeyInputSchema.shape.name,
  scope: z.enum(['read', 'trade']),
  /** `YYYY-MM-DD` from the date input; empty for no expiry. */
  expiresOn: z
    .string()
    .refine((day) => !day || endOfDay(day).getTime() > Date.now(), 'Choose today or a later day')
    .refine(
      (day) => !day || endOfDay(day).getTime() <= Date.now() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS,
      `Choose a day within ${API_KEY_MAX_LIFETIME_DAYS} days`,
    ),
});
type FormValues = z.infer<typeof formSchema>;

export function inputOf(values: FormValues): CreateApiKeyInput {
  return {
    name: values.name,
    scopes: [values.scope],
    expiresAt: values.expiresOn ? endOfDay(values.expiresOn).toISOString() : null,
  };
}

/** Name, scope (trade on Pro only) and an optional expiry; hands the new key to `onCreated`. */
export function ApiKeyForm({ plan, onCreated }: { plan: PlanName | null; onCreated: (key: string) => void }) {
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', scope: 'read', expiresOn: '' },
  });
  const tradeAllowed = plan === 'pro';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { key } = await create.mutateAsync(inputOf(values));
      reset();
      onCreated(key);
      toast.success('API key created');
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Could not create the API key'));
    }
  });

  return (
    <form
      noValidate
      aria-label="Create API key"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Name"
          placeholder="e.g. Grid bot"
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <fieldset>
          <legend className="block text-sm font-medium text-slate-200">Scope</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm text-slate-200">
              <input type="radio" value="read" className="h-4 w-4 accent-orange-500" {...register('scope')} />
              Read
            </label>
            <label
              className={
                'flex items-center gap-2 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm ' +
                (tradeAllowed ? 'cursor-pointer text-slate-200' : 'cursor-not-allowed text-slate-500')
              }
            >
              <input
                type="radio"
                value="trade"
                disabled={!tradeAllowed}
                aria-describedby="api-key-trade-hint"
                className="h-4 w-4 accent-orange-500"
                {...register('scope')}
              />
              Trade
              {tradeAllowed ? null : (
                <span className="rounded bg-orange-900/60 px-1.5 py-0.5 text-xs text-orange-200">Pro</span>
              )}
            </label>
          </div>
          <p id="api-key-trade-hint" className="mt-1.5 text-xs text-slate-400">
            {tradeAllowed
              ? `Trade keys also accept and reject offers. ${API_KEY_REQUESTS_PER_MINUTE.pro} requests a minute per key.`
              : `Free: read keys, ${API_KEY_REQUESTS_PER_MINUTE.free} requests a minute. Trade keys come with Pro.`}
          </p>
        </fieldset>
        <TextField
          label="Expires on (optional)"
          type="date"
          min={dayFromToday(0)}
          max={dayFromToday(API_KEY_MAX_LIFETIME_DAYS - 1)}
          error={errors.expiresOn?.message}
          {...register('expiresOn')}
        />
      </div>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? 'Creating...' : 'Create API Key'}
      </Button>
    </form>
  );
}
