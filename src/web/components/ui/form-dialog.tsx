import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A form in the confirmation-style dialog (admin spec 2: Add Pair, Add Trigger): Cancel or submit. */
export function FormDialog({ title, submitLabel, busy, onSubmit, onCancel, children }: FormDialogProps) {
  const formId = `${title.replace(/\W+/g, '-').toLowerCase()}-form`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Processing...' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {children}
      </form>
    </Modal>
  );
}

/** The first message per field of a failed contract parse, for the form's inline errors. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
