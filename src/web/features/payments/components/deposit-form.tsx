import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { depositInputSchema, type DepositInput } from '../../../../contract/payments';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { DEPOSIT_FAILED, useDeposit } from '../api/make-deposit';
import { AmountField } from './amount-field';
import { PaymentFormCard } from './payment-form-card';

/** Stripe's documented test payment methods, which the simulated card provider follows too. */
const TEST_METHODS_HINT =
  'Test cards: pm_card_visa, pm_card_mastercard or pm_card_amex are charged; ' +
  'pm_card_chargeDeclined or pm_card_chargeDeclinedInsufficientFunds are declined.';

export function DepositForm() {
  const deposit = useDeposit();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DepositInput>({
    resolver: zodResolver(depositInputSchema),
    defaultValues: { paymentMethodId: '' },
  });

  const onSubmit = handleSubmit((input) => {
    deposit.mutate(input, {
      onSuccess: () => {
        toast.success('Deposit request submitted');
        // The card stays filled in for the next deposit; the amount does not.
        reset({ paymentMethodId: input.paymentMethodId });
      },
      onError: (error) => toast.error(serverErrorMessage(error, DEPOSIT_FAILED)),
    });
  });

  return (
    <PaymentFormCard
      title="Deposit"
      description="Add funds from a card. Minimum $10."
      submitLabel="Deposit"
      pending={deposit.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <AmountField
        id="deposit-amount"
        placeholder="100.00"
        error={errors.amount?.message}
        registration={register('amount', { valueAsNumber: true })}
      />
      <FormField
        id="deposit-payment-method"
        label="Payment Method ID"
        error={errors.paymentMethodId?.message}
        hint={TEST_METHODS_HINT}
      >
        {(describedBy) => (
          <input
            id="deposit-payment-method"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="pm_card_visa"
            aria-invalid={errors.paymentMethodId ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClassName} font-mono`}
            {...register('paymentMethodId')}
          />
        )}
      </FormField>
    </PaymentFormCard>
  );
}
