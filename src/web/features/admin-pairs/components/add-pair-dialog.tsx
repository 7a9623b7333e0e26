import { useState } from 'react';
import { z } from 'zod';
import { dynamicConfigTextSchema, krakenSymbolSchema } from '../../../../contract/admin-pairs';
import { triggerSymbolSchema } from '../../../../contract/admin-triggers';
import { fieldErrors, FormDialog } from '../../../components/ui/form-dialog';
import { inputClassName } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { useAddPair } from '../api/manage-pair';

/** The Add Pair form as typed (admin spec 5): the contract's rules, dynamic_config as JSON text. */
const addPairFormSchema = z.object({
  action: z.literal('add'),
  symbol: triggerSymbolSchema,
  krakenSymbol: krakenSymbolSchema,
  active: z.boolean(),
  dynamic_config: dynamicConfigTextSchema,
});

/** 'Add New Crypto Pair': symbol, optional Kraken symbol, active (off), dynamic_config ({}). */
export function AddPairDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ symbol: '', krakenSymbol: '', active: false, dynamic_config: '{}' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPair<z.infer<typeof addPairFormSchema>>();
  const submit = () => {
    const parsed = addPairFormSchema.safeParse({ action: 'add', ...form });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title="Add New Crypto Pair"
      submitLabel="Add Pair"
      busy={add.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField
        label="Symbol"
        placeholder="BTC/USD"
        value={form.symbol}
        error={errors.symbol}
        onChange={(event) => setForm({ ...form, symbol: event.target.value })}
      />
      <TextField
        label="Kraken Symbol"
        placeholder="XBTUSD"
        value={form.krakenSymbol}
        error={errors.krakenSymbol}
        onChange={(event) => setForm({ ...form, krakenSymbol: event.target.value })}
      />
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(event) => setForm({ ...form, active: event.target.checked })}
        />
        Active
      </label>
      <label className="block space-y-1 text-sm font-medium text-slate-200">
        Dynamic Config (JSON)
        <textarea
          className={inputClassName}
          rows={4}
          value={form.dynamic_config}
          aria-invalid={errors.dynamic_config ? true : undefined}
          onChange={(event) => setForm({ ...form, dynamic_config: event.target.value })}
        />
      </label>
      {errors.dynamic_config ? (
        <p role="alert" className="text-sm text-red-400">
          {errors.dynamic_config}
        </p>
      ) : null}
    </FormDialog>
  );
}
