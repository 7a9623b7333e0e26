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

/** Settings' 'Change Password': the current one, and the new one typed twice. */
export const changePasswordInputSchema = z
  .object({
    currentPassword: text().min(1, 'Enter your password'),
    password: passwordSchema,
    confirm: text(),
  })
  .refine((input) => input.confirm === input.password, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** Settings' 'Change Email': the new address, which takes effect once its mailed link is opened. */
export const changeEmailInputSchema = z.object({ newEmail: emailSchema });

/** The current password, asked again before a change to how the account signs in. */
export const currentPasswordSchema = z.object({ password: text().min(1, 'Enter your password') });

/** A code from an authenticator app (spaces allowed, as apps show them) or a backup code. */
export const totpCodeSchema = z.object({
  code: text()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows')),
});
export const backupCodeSchema = z.object({
  code: text().trim().min(1, 'Enter one of your backup codes'),
});

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
  /** Sign-in asks for a code from an authenticator app (or a backup code). */
  twoFactorEnabled: z.boolean(),
  publicMetadata: z.object({ permissions: z.array(z.string()) }),
  referralCode: z.string(),
  organizations: z.array(userOrganizationSchema),
  activeOrganizationId: z.string().nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const ADMIN_PERMISSION = 'org:admin';

/**
 * The refusal of a withdrawal or an approval when two-factor is on and this session has not
 * entered a code in the last 10 minutes. The web app asks for a code on seeing it, then retries.
 */
export const SECOND_FACTOR_REQUIRED =
  'Enter a code from your authenticator app to confirm it is you: with two-factor on, this needs a code from the last 10 minutes.';

/** The refusal of every admin call while the platform requires two-factor of admins and it is off. */
export const ADMIN_TWO_FACTOR_REQUIRED =
  'Two-factor authentication is required of every admin: turn it on in Settings.';

export const meEndpoint = { method: 'GET', path: '/api/me', response: meResponseSchema } as const;
