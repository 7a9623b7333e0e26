import { z } from 'zod';
import {
  dollarsSchema,
  idParamsSchema,
  isoDateTimeSchema,
  noControlCharacters,
  pageQuery,
  queryNumber,
  singleLineText,
  text,
  totalSchema,
} from './common';
import { paymentStatusSchema, paymentTypeSchema } from './enums';

export const APPROVAL_PAGE_SIZES = [10, 25, 50] as const;

/** GET /api/admin/approvals: pending withdrawals, oldest first. */
export const approvalsQuerySchema = z.object({
  ...pageQuery(APPROVAL_PAGE_SIZES, 10).shape,
  /** Part of the username or email. */
  user: singleLineText().trim().max(320).optional(),
  /** Exact amount in dollars. */
  amount: queryNumber(0, 1_000_000_000).optional(),
  /** Calendar day (UTC) the request was made, YYYY-MM-DD. */
  date: z.iso.date().check(noControlCharacters).optional(),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuerySchema>;
export type ApprovalsQueryInput = z.input<typeof approvalsQuerySchema>;

export const approvalSchema = z.object({
  id: z.string(),
  type: paymentTypeSchema,
  amount: dollarsSchema,
  status: paymentStatusSchema,
  createdAt: isoDateTimeSchema,
  User: z.object({ username: z.string().nullable(), email: z.string() }),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalsResponseSchema = z.object({ approvals: z.array(approvalSchema), total: totalSchema });
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

export const approvalsEndpoint = {
  method: 'GET',
  path: '/api/admin/approvals',
  auth: 'admin',
  query: approvalsQuerySchema,
  response: approvalsResponseSchema,
} as const;

export const approvalResultSchema = z.object({ payment: approvalSchema });
export type ApprovalResult = z.infer<typeof approvalResultSchema>;

/** No body. Pending → completed, held funds paid out. Not pending: 409. Bulk = one call per id. */
export const approveWithdrawalEndpoint = {
  method: 'POST',
  path: '/api/admin/approve-withdrawal/:id',
  auth: 'admin',
  params: idParamsSchema,
  response: approvalResultSchema,
} as const;

export const rejectWithdrawalInputSchema = z.object({
  reason: text({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500),
});
export type RejectWithdrawalInput = z.infer<typeof rejectWithdrawalInputSchema>;

/** An addition: pending → rejected, held funds released; the reason is shown to the trader. */
export const rejectWithdrawalEndpoint = {
  method: 'POST',
  path: '/api/admin/reject-withdrawal/:id',
  auth: 'admin',
  params: idParamsSchema,
  body: rejectWithdrawalInputSchema,
  response: approvalResultSchema,
} as const;
