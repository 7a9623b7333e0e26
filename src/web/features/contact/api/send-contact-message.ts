import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../contract/common';
import type { ContactInput } from '../../../../contract/contact';
import { apiRequest } from '../../../lib/api-client';

export const CONTACT_FALLBACK_ERROR = 'Failed to send message';

/** Public call: visitors can write to us without an account. */
export function sendContactMessage(input: ContactInput) {
  return apiRequest('/contact', {
    method: 'POST',
    body: input,
    auth: false,
    schema: okResponseSchema,
    fallbackError: CONTACT_FALLBACK_ERROR,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
