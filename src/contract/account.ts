import { z } from 'zod';
import { singleLineText, text } from './common';

/** Email must look like an address; password 8-128 characters (spec README, sign-in/sign-up). */
export const emailSchema = singleLineText().trim().min(1, 'Email is required').email('Invalid email format');
export const passwordSchema = text()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const signInInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  name: singleLineText().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** 'Forgot password?': the address a reset link goes to, if it has an account. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The new password, typed twice, on the page a reset link opens. */
export const newPasswordInputSchema = z
  .object({ password: passwordSchema, confirm: text() })
  .refine((input) => input.confirm === input.password, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });
export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

export const organizationRoleSchema = z.enum(['owner', 'admin', 'member']);

export const userOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: organizationRoleSchema,
  isOperator: z.boolean(),
});
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

/** GET /api/me — the signed-in user shape of trader spec section 3. */
export const meResponseSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  /** The address was confirmed through the link mailed to it. */
  emailVerified: z.boolean(),
  /** Withdrawals are refused until the address is verified (the server really sends mail). */
  emailVerificationRequired: z.boolean(),
  publicMetadata: z.object({ permissions: z.array(z.string()) }),
  referralCode: z.string(),
  organizations: z.array(userOrganizationSchema),
  activeOrganizationId: z.string().nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const ADMIN_PERMISSION = 'org:admin';

export const meEndpoint = { method: 'GET', path: '/api/me', response: meResponseSchema } as const;
