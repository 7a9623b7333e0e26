import { useId } from 'react';
import { APPROVAL_PAGE_SIZES } from '../../../../contract/admin-approvals';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { pageSizeOptions, SelectField } from '../../../components/ui/select-field';
import type { ApprovalFilterText } from '../lib/approval-filters';

interface ApprovalsFiltersProps {
  filters: ApprovalFilterText;
  onFilters: (next: ApprovalFilterText) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
}

/** User, amount and date (sent 300 ms after the last change) and the page size. */
export function ApprovalsFilters({ filters, onFilters, pageSize, onPageSize }: ApprovalsFiltersProps) {
  const id = useId();
  const field = (name: keyof ApprovalFilterText) => ({
    id: `${id}-${name}`,
    value: filters[name],
    onChange: (event: { target: { value: string } }) => onFilters({ ...filters, [name]: event.target.value }),
    className: inputClassName,
  });
  return (
    <form
      role="search"
      aria-label="Approval filters"
      onSubmit={(event) => event.preventDefault()}
      className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <FormField id={`${id}-user`} label="User">
        {() => <input {...field('user')} type="search" placeholder="Username or email" autoComplete="off" />}
      </FormField>
      <FormField id={`${id}-amount`} label="Amount ($)">
        {() => <input {...field('amount')} type="number" min={0} step="0.01" inputMode="decimal" />}
      </FormField>
      <FormField id={`${id}-date`} label="Date">
        {() => <input {...field('date')} type="date" />}
      </FormField>
      <SelectField
        id={`${id}-size`}
        label="Page Size"
        value={pageSize}
        options={pageSizeOptions(APPROVAL_PAGE_SIZES)}
        onChange={onPageSize}
      />
    </form>
  );
}
