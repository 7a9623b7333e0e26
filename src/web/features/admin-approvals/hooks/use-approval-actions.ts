import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Approval } from '../../../../contract/admin-approvals';
import { formatMoney } from '../../../lib/format';
import { serverErrorMessage } from '../../../lib/use-load-error';
import {
  APPROVE_FAILED,
  APPROVE_SELECTED_FAILED,
  REJECT_FAILED,
  useDecideWithdrawals,
} from '../api/decide-withdrawal';

/** A question of the 'Confirmation' dialog and what Confirm runs. */
export interface PendingQuestion {
  message: string;
  run: () => void;
}

/**
 * The screen's decisions: approve one or the selected (each behind the spec's confirmation) and
 * reject one with a reason. Toasts use the spec's words, or the server's error when it sent one.
 */
export function useApprovalActions(onSelectionDone: () => void) {
  const decide = useDecideWithdrawals();
  const [question, setQuestion] = useState<PendingQuestion | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);

  const ask = (message: string, run: () => void) =>
    setQuestion({
      message,
      run: () => {
        setQuestion(null);
        run();
      },
    });

  const approveOne = (approval: Approval) =>
    ask(`Approve payment of ${formatMoney(approval.amount)}?`, () =>
      decide.mutate(
        { kind: 'approve', ids: [approval.id] },
        {
          onSuccess: () => toast.success('Withdrawal approved'),
          onError: (error) => toast.error(serverErrorMessage(error, APPROVE_FAILED)),
        },
      ),
    );

  const approveSelected = (ids: readonly string[]) =>
    ask(`Approve ${ids.length} selected payments?`, () =>
      decide.mutate(
        { kind: 'approve', ids },
        {
          onSuccess: () => toast.success('Selected withdrawals approved'),
          onError: () => toast.error(APPROVE_SELECTED_FAILED),
          onSettled: onSelectionDone,
        },
      ),
    );

  const reject = (reason: string) => {
    if (!rejecting) return;
    decide.mutate(
      { kind: 'reject', id: rejecting.id, reason },
      {
        onSuccess: () => {
          toast.success('Withdrawal rejected');
          setRejecting(null);
        },
        onError: (error) => toast.error(serverErrorMessage(error, REJECT_FAILED)),
      },
    );
  };

  return {
    busy: decide.isPending,
    question,
    dismissQuestion: () => setQuestion(null),
    approveOne,
    approveSelected,
    rejecting,
    startReject: setRejecting,
    cancelReject: () => setRejecting(null),
    reject,
  };
}
