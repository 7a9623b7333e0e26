import { z } from 'zod';
import { isoDateTimeSchema, text } from './common';

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/account/export: every row the server holds about the caller, table by table. */
export const accountExportSchema = z.object({
  exportedAt: isoDateTimeSchema,
  account: z.record(z.string(), z.unknown()).nullable(),
  signInMethods: rows,
  sessions: rows,
  organizations: rows,
  preferences: z.record(z.string(), z.unknown()).nullable(),
  ledgerAccounts: rows,
  ledgerEntries: rows,
  payments: rows,
  trades: rows,
  offerActions: rows,
  offerFeedback: rows,
  referrals: rows,
  contactMessages: rows,
  auditLog: rows,
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountExportEndpoint = {
  method: 'GET',
  path: '/api/account/export',
  response: accountExportSchema,
  // Everything the account holds: a signed-in session only, never a bot's key.
  apiKey: 'none',
} as const;

export const deleteAccountInputSchema = z.object({ password: text().min(1, 'Enter your password') });

/**
 * Deletes the caller's account: possible with nothing left in it (no balance, open trade or
 * pending payment); refused with 409 and what is left otherwise. The ledger keeps its rows under
 * a nameless account, so the books still balance.
 */
export const deleteAccountEndpoint = {
  method: 'POST',
  path: '/api/account/delete',
  body: deleteAccountInputSchema,
  response: z.object({ deleted: z.literal(true) }),
} as const;
