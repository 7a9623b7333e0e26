import type { Approval } from '../../../contract/admin-approvals';
import type { Payment } from '../../../contract/payments';
import type { UserContact } from '../auth/users.service';
import type { PaymentRow } from './payments.repo';

import { toDollars } from '../../shared/money';

/** A name to show for a user: the username, else the display name. */
export const displayName = (contact: UserContact | undefined): string | null =>
  contact ? (contact.username ?? contact.name) : null;

/** `contacts` holds the approving admins (only withdrawals have one). */
export function toPayment(row: PaymentRow, contacts: Map<string, UserContact> = new Map()): Payment {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    type: row.type,
    amount: toDollars(row.amountCents),
    status: row.status,
    approvedBy: row.approvedBy ? displayName(contacts.get(row.approvedBy)) : null,
    reason: row.status === 'rejected' || row.status === 'failed' ? row.rejectReason : null,
    auto: row.auto,
  };
}

export function toApproval(row: PaymentRow, owner: UserContact | undefined): Approval {
  return {
    id: row.id,
    type: row.type,
    amount: toDollars(row.amountCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    User: { username: owner?.username ?? null, email: owner?.email ?? '' },
  };
}
