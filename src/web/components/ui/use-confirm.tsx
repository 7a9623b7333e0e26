import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface Pending {
  message: string;
  action: () => void;
}

/** Guards an action with the 'Confirmation' dialog: it runs only on Confirm (admin spec 2). */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = (message: string, action: () => void) => setPending({ message, action });
  const dialog = pending ? (
    <ConfirmDialog
      message={pending.message}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        pending.action();
      }}
    />
  ) : null;
  return { ask, dialog };
}
