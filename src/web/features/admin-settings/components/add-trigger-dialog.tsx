import { FormDialog } from '../../../components/ui/form-dialog';
import { useTriggerChange } from '../api/triggers';
import { useTriggerForm } from '../hooks/use-trigger-form';
import { EMPTY_TRIGGER_FORM, type TriggerFormValues } from '../lib/trigger-form';
import { TriggerFields } from './trigger-fields';

/** The dialog starts with no type chosen, so one must be picked. */
const NEW_TRIGGER: TriggerFormValues = { ...EMPTY_TRIGGER_FORM, type: '' };

/** 'Add New Trigger' (the All-Seeing Eye, admin spec 5): the trigger form, adding only. */
export function AddTriggerDialog({ onClose }: { onClose: () => void }) {
  const add = useTriggerChange();
  const form = useTriggerForm({
    initial: NEW_TRIGGER,
    onValid: (input) => add.mutate(input, { onSuccess: onClose }),
  });
  return (
    <FormDialog
      title="Add New Trigger"
      submitLabel="Add Trigger"
      busy={add.isPending}
      onSubmit={() => void form.submit()}
      onCancel={onClose}
    >
      <TriggerFields mode="add" form={form} />
    </FormDialog>
  );
}
