import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { tipInputSchema, type TipFormInput, type TipInput } from '../../../../contract/payments';
import { serverErrorMessage } from '../../../lib/api-client';
import { TIP_FAILED, useTip } from '../api/send-tip';
import { AmountField } from './amount-field';
import { PaymentFormCard } from './payment-form-card';

export function TipForm() {
  const tip = useTip();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TipFormInput, unknown, TipInput>({
    resolver: zodResolver(tipInputSchema),
    defaultValues: { auto: false },
  });

  const onSubmit = handleSubmit((input) => {
    tip.mutate(input, {
      onSuccess: () => {
        toast.success('Tip sent');
        reset({ auto: false });
      },
      onError: (error) => toast.error(serverErrorMessage(error, TIP_FAILED)),
    });
  });

  return (
    <PaymentFormCard
      title="Tip"
      description="Thank the platform from your available balance. Minimum $1."
      submitLabel="Send Tip"
      pending={tip.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <AmountField
        id="tip-amount"
        placeholder="5.00"
        error={errors.amount?.message}
        registration={register('amount', { valueAsNumber: true })}
      />
    </PaymentFormCard>
  );
}
