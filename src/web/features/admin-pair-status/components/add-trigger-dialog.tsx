import { useState } from 'react';
import { z } from 'zod';
import {
  keywordsTextSchema,
  manageTriggerInputSchema,
  manageTriggersEndpoint,
} from '../../../../contract/admin-triggers';
import { TRIGGER_TYPES } from '../../../../contract/enums';
import { adminPost, fieldErrors, FormDialog, useAdminMutation } from '../../../components/admin';
import { inputClassName } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';

type TriggerAdd = Extract<z.infer<typeof manageTriggerInputSchema>, { action: 'add' }>;

/** 'Add New Trigger' (admin spec 5): validated by the contract's trigger rules. */
export function AddTriggerDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ type: '', symbol: '', source: '', keywords: '', active: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAdminMutation({
    run: (body: TriggerAdd) => adminPost(manageTriggersEndpoint, body, 'Failed to manage trigger'),
    success: () => 'Trigger action successful',
    failure: () => 'Failed to manage trigger',
  });
  const submit = () => {
    const keywords = keywordsTextSchema.safeParse(form.keywords);
    const parsed = manageTriggerInputSchema.safeParse({
      action: 'add',
      ...form,
      keywords: keywords.success ? keywords.data : [],
    });
    if (!parsed.success || !keywords.success) {
      setErrors(parsed.success ? { keywords: 'Invalid trigger data' } : fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data as TriggerAdd, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title="Add New Trigger"
      submitLabel="Add Trigger"
      busy={add.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <label className="block space-y-1 text-sm font-medium text-slate-200">
        Trigger Type
        <select
          className={inputClassName}
          value={form.type}
          aria-invalid={errors.type ? true : undefined}
          onChange={(event) => setForm({ ...form, type: event.target.value })}
        >
          <option value="">Select a type</option>
          {TRIGGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      {errors.type ? (
        <p role="alert" className="text-sm text-red-400">
          {errors.type}
        </p>
      ) : null}
      <TextField
        label="Symbol"
        placeholder="BTC/USD"
        value={form.symbol}
        error={errors.symbol}
        onChange={(event) => setForm({ ...form, symbol: event.target.value })}
      />
      <TextField
        label="Source"
        placeholder="https://"
        value={form.source}
        error={errors.source}
        onChange={(event) => setForm({ ...form, source: event.target.value })}
      />
      <TextField
        label="Keywords (comma separated)"
        value={form.keywords}
        error={errors.keywords}
        onChange={(event) => setForm({ ...form, keywords: event.target.value })}
      />
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(event) => setForm({ ...form, active: event.target.checked })}
        />
        Active
      </label>
    </FormDialog>
  );
}
