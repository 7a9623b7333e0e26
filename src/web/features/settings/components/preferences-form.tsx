import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import {
  preferencesFormSchema,
  toPreferencesFormValues,
  type Preferences,
  type PreferencesFormValues,
} from '../../../../contract/preferences';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { PREFERENCES_UPDATE_ERROR, useUpdatePreferences } from '../api/update-preferences';
import { CheckboxGroup } from './checkbox-group';
import { NumberField } from './number-field';
import { NOTIFICATION_OPTIONS, POSITION_TYPE_OPTIONS, RISK_LEVEL_OPTIONS } from './preference-options';

type PreferencesFormOutput = z.output<typeof preferencesFormSchema>;

const ZERO_HINT = 'Empty or 0 uses the default.';

/**
 * Every preference of trader spec 3. The contract's form schema checks the section 5 rules and
 * turns the form into the PUT body (zero or empty numbers become the defaults); the form then
 * shows what the server stored.
 */
export function PreferencesForm({ saved }: { saved: Preferences }) {
  const update = useUpdatePreferences();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PreferencesFormValues, unknown, PreferencesFormOutput>({
    resolver: zodResolver(preferencesFormSchema),
    defaultValues: toPreferencesFormValues(saved),
  });
  const number = (name: Parameters<typeof register>[0]) => register(name, { valueAsNumber: true });

  const onSubmit = handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: (stored) => {
        toast.success('Preferences updated');
        reset(toPreferencesFormValues(stored));
      },
      onError: (error) => toast.error(serverErrorMessage(error, PREFERENCES_UPDATE_ERROR)),
    });
  });

  return (
    <form
      noValidate
      aria-label="Preferences"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-8"
    >
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-white">Markets</legend>
        <FormField
          id="pref-pairs"
          label="Preferred Pairs"
          error={errors.preferredPairs?.message}
          hint="Comma-separated, e.g. BTC/USD, ETH/USD. Leave empty for all pairs."
        >
          {(describedBy) => (
            <input
              id="pref-pairs"
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="BTC/USD, ETH/USD"
              aria-invalid={errors.preferredPairs ? true : undefined}
              aria-describedby={describedBy}
              className={inputClassName}
              {...register('preferredPairs')}
            />
          )}
        </FormField>
        <CheckboxGroup
          legend="Preferred Risk Levels"
          idPrefix="pref-risk"
          options={RISK_LEVEL_OPTIONS}
          registration={register('preferredRiskLevels')}
          error={errors.preferredRiskLevels?.message}
        />
        <CheckboxGroup
          legend="Preferred Position Types"
          idPrefix="pref-position"
          options={POSITION_TYPE_OPTIONS}
          registration={register('preferredPositionTypes')}
          error={errors.preferredPositionTypes?.message}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-white">Entries and signals</legend>
        <NumberField
          id="pref-entry-min"
          label="Min Entry Amount ($)"
          step={0.01}
          error={errors.entryFilterMin?.message}
          registration={number('entryFilterMin')}
          hint={ZERO_HINT}
        />
        <NumberField
          id="pref-entry-max"
          label="Max Entry Amount ($)"
          step={0.01}
          error={errors.entryFilterMax?.message}
          registration={number('entryFilterMax')}
          hint={ZERO_HINT}
        />
        <NumberField
          id="pref-min-success"
          label="Min Success Rate (%)"
          error={errors.minSuccessRate?.message}
          registration={number('minSuccessRate')}
        />
        <NumberField
          id="pref-max-risk"
          label="Max Risk Score"
          error={errors.maxRiskScore?.message}
          registration={number('maxRiskScore')}
        />
        <NumberField
          id="pref-min-profit"
          label="Min Expected Profit (%)"
          step={0.01}
          error={errors.minExpectedProfitPercent?.message}
          registration={number('minExpectedProfitPercent')}
        />
        <NumberField
          id="pref-max-volatility"
          label="Max Volatility Index"
          step={0.01}
          error={errors.maxVolatilityIndex?.message}
          registration={number('maxVolatilityIndex')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-white">Auto-trading</legend>
        <NumberField
          id="pref-auto-close"
          label="Default Auto-Close Profit (%)"
          step={0.01}
          error={errors.defaultAutoCloseProfitPercent?.message}
          registration={number('defaultAutoCloseProfitPercent')}
          hint="Used when you accept an offer without an auto-close percent."
        />
        <NumberField
          id="pref-auto-tip"
          label="Auto Tip (%)"
          step={0.01}
          error={errors.autoTipPercent?.message}
          registration={number('autoTipPercent')}
          hint="Share of a closed trade's profit tipped to the platform."
        />
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-white">Notifications</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {NOTIFICATION_OPTIONS.map((option) => (
            <label
              key={option.name}
              htmlFor={`pref-notify-${option.name}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm text-slate-200 hover:border-slate-500"
            >
              <input
                id={`pref-notify-${option.name}`}
                type="checkbox"
                className="h-4 w-4 accent-orange-500"
                {...register(`notificationPrefs.${option.name}`)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending ? 'Updating...' : 'Save Preferences'}
      </Button>
    </form>
  );
}
