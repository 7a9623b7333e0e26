import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { serverErrorMessage } from '../../../lib/api-client';
import { contactInputSchema, type ContactInput } from '../../../../contract/contact';
import { CONTACT_FALLBACK_ERROR, useSendContactMessage } from '../api/send-contact-message';
import { FormField, inputClassName } from '../../../components/ui/form-field';

const EMPTY: ContactInput = { name: '', email: '', message: '' };

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: zodResolver(contactInputSchema), defaultValues: EMPTY });
  const send = useSendContactMessage();

  const onSubmit = (input: ContactInput) => {
    send.mutate(input, {
      onSuccess: () => {
        toast.success("Message sent! We'll get back to you soon.");
        reset(EMPTY);
      },
      onError: (error) => {
        toast.error(serverErrorMessage(error, CONTACT_FALLBACK_ERROR));
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Contact form"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="space-y-6 rounded-2xl border border-slate-700 bg-slate-800/60 p-6 sm:p-8"
    >
      <FormField id="contact-name" label="Name" error={errors.name?.message}>
        {(describedBy) => (
          <input
            id="contact-name"
            type="text"
            autoComplete="name"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy}
            className={inputClassName}
            {...register('name')}
          />
        )}
      </FormField>
      <FormField id="contact-email" label="Email" error={errors.email?.message}>
        {(describedBy) => (
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy}
            className={inputClassName}
            {...register('email')}
          />
        )}
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message?.message}>
        {(describedBy) => (
          <textarea
            id="contact-message"
            rows={6}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy}
            className={inputClassName}
            {...register('message')}
          />
        )}
      </FormField>
      <button
        type="submit"
        disabled={send.isPending}
        className="inline-flex w-full items-center justify-center rounded-lg bg-orange-700 px-6 py-3 text-sm font-semibold text-white transition-colors hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-300 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
