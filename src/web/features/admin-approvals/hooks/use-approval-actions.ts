import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Approval } from '../../../../contract/admin-approvals';
import { formatMoney } from '../../../lib/format';
import { serverErrorMessage } from '../../../lib/api-client';
import {
  APPROVE_ONE_TOASTS,
  APPROVE_SELECTED_FAILED,
  useApproveWithdrawals,
} from '../api/approve-withdrawal';
import { REJECT_FAILED, useRejectWithdrawal } from '../api/reject-withdrawal';

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
  const approve = useApproveWithdrawals(APPROVE_ONE_TOASTS);
  const approveMany = useApproveWithdrawals({
    success: 'Selected withdrawals approved',
    failure: () => APPROVE_SELECTED_FAILED,
  });
  const decline = useRejectWithdrawal();
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
    ask(`Approve payment of ${formatMoney(approval.amount)}?`, () => approve.mutate([approval.id]));

  const approveSelected = (ids: readonly string[]) =>
    ask(`Approve ${ids.length} selected payments?`, () =>
      approveMany.mutate(ids, { onSettled: onSelectionDone }),
    );

  const reject = (reason: string) => {
    if (!rejecting) return;
    decline.mutate(
      { id: rejecting.id, reason },
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
    busy: approve.isPending || approveMany.isPending || decline.isPending,
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
