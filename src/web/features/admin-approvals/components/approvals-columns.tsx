import type { Approval } from '../../../../contract/admin-approvals';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { NOT_AVAILABLE, capitalize, formatDateTime, formatMoney } from '../../../lib/format';

interface ColumnActions {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onApprove: (approval: Approval) => void;
  onReject: (approval: Approval) => void;
  busy: boolean;
}

const who = (a: Approval) => a.User.username ?? a.User.email;

/** Admin spec 2: user, email, amount, date, status, Approve; with a row checkbox and our Reject. */
export function approvalColumns(actions: ColumnActions): Column<Approval>[] {
  const pending = (a: Approval) => a.status === 'pending';
  return [
    {
      key: 'select',
      header: 'Select',
      cell: (a) => (
        <input
          type="checkbox"
          aria-label={`Select ${formatMoney(a.amount)} for ${who(a)}`}
          checked={actions.selected.has(a.id)}
          disabled={!pending(a)}
          onChange={() => actions.onToggle(a.id)}
          className="h-4 w-4 accent-orange-600"
        />
      ),
    },
    { key: 'user', header: 'User', cell: (a) => a.User.username ?? NOT_AVAILABLE },
    { key: 'email', header: 'Email', cell: (a) => a.User.email },
    {
      key: 'amount',
      header: 'Amount',
      cell: (a) => formatMoney(a.amount),
      className: 'text-right tabular-nums',
    },
    { key: 'date', header: 'Date', cell: (a) => formatDateTime(a.createdAt) },
    { key: 'status', header: 'Status', cell: (a) => capitalize(a.status) },
    {
      key: 'approve',
      header: 'Approve',
      cell: (a) => (
        <Button
          aria-label={`Approve ${formatMoney(a.amount)} for ${who(a)}`}
          disabled={!pending(a) || actions.busy}
          onClick={() => actions.onApprove(a)}
        >
          Approve
        </Button>
      ),
    },
    {
      key: 'reject',
      header: 'Reject',
      cell: (a) => (
        <Button
          variant="secondary"
          aria-label={`Reject ${formatMoney(a.amount)} for ${who(a)}`}
          disabled={!pending(a) || actions.busy}
          onClick={() => actions.onReject(a)}
        >
          Reject
        </Button>
      ),
    },
  ];
}
