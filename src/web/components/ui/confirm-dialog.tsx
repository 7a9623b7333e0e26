import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  /** The question, word for word from the spec (e.g. 'Delete pair BTC/USD?'). */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Admin spec 2, the dialog titled 'Confirmation' that guards destructive and bulk actions: the
 * action runs only on Confirm. Mount it while a question is pending; Escape or Cancel dismiss it.
 */
export function ConfirmDialog({ message, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      title="Confirmation"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Confirm</Button>
        </>
      }
    >
      <p className="text-slate-200">{message}</p>
    </Modal>
  );
}
