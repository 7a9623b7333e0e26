import type { ManageTriggerInput } from '../../../../contract/admin-triggers';
import { Button } from '../../../components/ui/button';
import { useTriggerForm } from '../hooks/use-trigger-form';
import type { TriggerFormValues } from '../lib/trigger-form';
import { TriggerFields } from './trigger-fields';

interface TriggerFormProps {
  /** Values Edit loaded; a new object each time, so the same row can be loaded twice. */
  loaded: TriggerFormValues | null;
  pending: boolean;
  /** Resolves true when the action went through; the form then starts over (admin spec 4). */
  onSubmit: (input: ManageTriggerInput) => Promise<boolean>;
}

/** The Live Triggers manage form: add, update or delete one trigger. */
export function TriggerForm({ loaded, pending, onSubmit }: TriggerFormProps) {
  const form = useTriggerForm({ loaded, onValid: onSubmit });
  return (
    <form
      noValidate
      aria-label="Manage Trigger"
      onSubmit={(event) => void form.submit(event)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TriggerFields mode="manage" form={form} />
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Processing...' : 'Submit'}
      </Button>
    </form>
  );
}
