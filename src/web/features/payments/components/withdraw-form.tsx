import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withdrawalInputSchema, type WithdrawalInput } from '../../../../contract/payments';
import { serverErrorMessage } from '../../../lib/api-client';
import { WITHDRAWAL_FAILED, useWithdrawal } from '../api/request-withdrawal';
import { AmountField } from './amount-field';
import { PaymentFormCard } from './payment-form-card';

export function WithdrawForm() {
  const withdrawal = useWithdrawal();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WithdrawalInput>({ resolver: zodResolver(withdrawalInputSchema) });

  const onSubmit = handleSubmit((input) => {
    withdrawal.mutate(input, {
      onSuccess: () => {
        toast.success('Withdrawal request submitted');
        reset();
      },
      onError: (error) => toast.error(serverErrorMessage(error, WITHDRAWAL_FAILED)),
    });
  });

  return (
    <PaymentFormCard
      title="Withdraw"
      description="Minimum $20. The amount is held until an administrator approves the withdrawal."
      submitLabel="Withdraw"
      pending={withdrawal.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <AmountField
        id="withdraw-amount"
        placeholder="50.00"
        error={errors.amount?.message}
        registration={register('amount', { valueAsNumber: true })}
      />
    </PaymentFormCard>
  );
}
