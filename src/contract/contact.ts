import { z } from 'zod';
import { okResponseSchema, singleLineText, text } from './common';

export const contactInputSchema = z.object({
  name: singleLineText().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  email: singleLineText()
    .trim()
    .min(1, 'Email is required')
    .email('Invalid email format')
    .max(320, 'Email must be at most 320 characters'),
  message: text().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactEndpoint = {
  method: 'POST',
  path: '/api/contact',
  auth: 'public',
  body: contactInputSchema,
  response: okResponseSchema,
} as const;
