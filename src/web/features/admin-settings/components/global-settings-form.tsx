import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import {
  globalSettingsFormSchema,
  type GlobalSettings,
  type GlobalSettingsFormValues,
} from '../../../../contract/admin-settings';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { serverErrorMessage } from '../../../lib/api-client';
import {
  SETTINGS_LOAD_ERROR,
  SETTINGS_UPDATE_FAILED,
  useGlobalSettings,
  useUpdateGlobalSettings,
} from '../api/global-settings';

type FormOutput = z.output<typeof globalSettingsFormSchema>;

function formValues(settings: GlobalSettings): GlobalSettingsFormValues {
  return {
    aiModel: settings.aiModel,
    chatgptMaxRequests: settings.chatgptMaxRequests,
    retentionPolicy: settings.retentionPolicy,
    analysisRetentionDays: settings.analysisRetentionDays,
    autoAnalysisEnabled: settings.autoAnalysisEnabled,
    requireAdminTwoFactor: settings.requireAdminTwoFactor,
    autoAnalysisConfig: JSON.stringify(settings.autoAnalysisConfig, null, 2),
  };
}

/**
 * The Global Config form (admin spec 5), also embedded in the Admin Dashboard's Global Settings
 * tab. autoAnalysisConfig is JSON text checked by the contract's schema: invalid JSON or an
 * unknown key is refused on the spot and nothing is sent.
 */
export function GlobalSettingsForm() {
  const settings = useGlobalSettings();
  const update = useUpdateGlobalSettings();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GlobalSettingsFormValues, unknown, FormOutput>({
    resolver: zodResolver(globalSettingsFormSchema),
    values: settings.data ? formValues(settings.data) : undefined,
  });

  if (settings.isError && !settings.data)
    return (
      <LoadError
        title={SETTINGS_LOAD_ERROR}
        detail={serverErrorMessage(settings.error, SETTINGS_LOAD_ERROR)}
      />
    );
  if (!settings.data) return <p className="text-slate-400">Loading settings...</p>;

  const onSubmit = handleSubmit((patch) =>
    update.mutate(patch, {
      onSuccess: () => toast.success('Global settings updated'),
      onError: (error) => toast.error(serverErrorMessage(error, SETTINGS_UPDATE_FAILED)),
    }),
  );

  type TextName = 'aiModel' | 'chatgptMaxRequests' | 'retentionPolicy' | 'analysisRetentionDays';
  const field = (name: TextName, label: string, numeric: boolean) => (
    <SettingField
      id={`${id}-${name}`}
      label={label}
      numeric={numeric}
      error={errors[name]?.message}
      registration={register(name, numeric ? { valueAsNumber: true } : {})}
    />
  );

  return (
    <form
      noValidate
      aria-label="Global Config"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field('aiModel', 'AI Model', false)}
        {field('chatgptMaxRequests', 'Max Requests', true)}
        {field('retentionPolicy', 'Retention Policy (days)', true)}
        {field('analysisRetentionDays', 'Analysis Retention Days', true)}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" className="h-4 w-4 accent-orange-600" {...register('autoAnalysisEnabled')} />
        Auto Analysis Enabled
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" className="h-4 w-4 accent-orange-600" {...register('requireAdminTwoFactor')} />
        Require two-factor authentication for every admin
      </label>
      <FormField
        id={`${id}-config`}
        label="Auto Analysis Config (JSON)"
        error={errors.autoAnalysisConfig?.message}
        hint="Thresholds of the automatic analysis, e.g. volatilityThreshold, rsiThreshold."
      >
        {(describedBy) => (
          <textarea
            id={`${id}-config`}
            rows={10}
            spellCheck={false}
            aria-invalid={errors.autoAnalysisConfig ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClassName} font-mono text-xs`}
            {...register('autoAnalysisConfig')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending ? 'Processing...' : 'Save Settings'}
      </Button>
    </form>
  );
}

interface SettingFieldProps {
  id: string;
  label: string;
  /** A whole number of at least 1, read with `valueAsNumber` (empty reads as NaN: 'required'). */
  numeric: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

function SettingField({ id, label, numeric, error, registration }: SettingFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(describedBy) => (
        <input
          id={id}
          {...(numeric ? { type: 'number', min: 1, step: 1, inputMode: 'numeric' } : { type: 'text' })}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClassName}
          {...registration}
        />
      )}
    </FormField>
  );
}
