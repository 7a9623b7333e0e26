import type { Approval } from '../../../../contract/admin-approvals';
import { csvText } from '../../../../contract/csv';

/** Admin spec 9: the approvals CSV columns, in this order. */
export const APPROVALS_CSV_HEADER = ['id', 'username', 'email', 'amount', 'createdAt', 'status'] as const;

export function approvalsCsv(approvals: readonly Approval[]): string {
  return csvText(
    APPROVALS_CSV_HEADER,
    approvals.map((a) => [a.id, a.User.username, a.User.email, a.amount, a.createdAt, a.status]),
  );
}
