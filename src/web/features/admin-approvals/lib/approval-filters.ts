import type { ApprovalsQuery } from '../../../../contract/admin-approvals';

/** The filter inputs as typed. */
export interface ApprovalFilterText {
  user: string;
  amount: string;
  date: string;
}

export const EMPTY_APPROVAL_FILTERS: ApprovalFilterText = { user: '', amount: '', date: '' };

/**
 * The query the typed filters mean: blanks are left out, and so is an amount that is not a
 * non-negative number yet (a half-typed '-'), rather than asking the server for a 400.
 */
export function approvalsQuery(filters: ApprovalFilterText, page: number, pageSize: number): ApprovalsQuery {
  const user = filters.user.trim();
  const amount = filters.amount.trim() === '' ? Number.NaN : Number(filters.amount);
  return {
    page,
    pageSize,
    user: user || undefined,
    amount: Number.isFinite(amount) && amount >= 0 ? amount : undefined,
    date: /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? filters.date : undefined,
  };
}
