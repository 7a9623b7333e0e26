import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  rejectWithdrawalInputSchema,
  type Approval,
  type RejectWithdrawalInput,
} from '../../../../contract/admin-approvals';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';

interface RejectDialogProps {
  approval: Approval;
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** Our addition to the spec: a withdrawal is rejected only with a reason, which the trader sees. */
export function RejectDialog({ approval, pending, onReject, onCancel }: RejectDialogProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectWithdrawalInput>({ resolver: zodResolver(rejectWithdrawalInputSchema) });
  const who = approval.User.username ?? approval.User.email;
  return (
    <Modal
      title="Reject Withdrawal"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={pending}>
            {pending ? 'Processing...' : 'Reject'}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        aria-label="Reject withdrawal"
        onSubmit={(event) => void handleSubmit(({ reason }) => onReject(reason))(event)}
        className="space-y-4"
      >
        <p className="text-slate-200">
          Reject the withdrawal of {formatMoney(approval.amount)} by {who}? The funds go back to the
          trader&apos;s available balance.
        </p>
        <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
          {(describedBy) => (
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy}
              className={inputClassName}
              {...register('reason')}
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}
