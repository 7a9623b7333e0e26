import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { Pager } from '../../../components/ui/pager';
import { SectionCard } from '../../../components/ui/section-card';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { saveTextFile } from '../../../lib/download';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { APPROVALS_FETCH_ERROR, useApprovals } from '../api/get-approvals';
import { useApprovalActions } from '../hooks/use-approval-actions';
import { approvalsCsv } from '../lib/approvals-csv';
import { EMPTY_APPROVAL_FILTERS, approvalsQuery, type ApprovalFilterText } from '../lib/approval-filters';
import { approvalColumns } from './approvals-columns';
import { ApprovalsFilters } from './approvals-filters';
import { RejectDialog } from './reject-dialog';

const LOAD_ERROR = 'Error loading approvals';

export function ApprovalsPage() {
  const [filters, setFilters] = useState<ApprovalFilterText>(EMPTY_APPROVAL_FILTERS);
  const [pageSize, setPageSize] = useState(10);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const settled = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const approvals = useApprovals(approvalsQuery(settled, page, pageSize));
  useLoadErrorToast(approvals.error, { fallback: APPROVALS_FETCH_ERROR, toastId: 'approvals-error' });
  const actions = useApprovalActions(() => setSelected(new Set()));

  const rows = approvals.data?.approvals;
  const pendingRows = (rows ?? []).filter((a) => a.status === 'pending');
  // Only rows on screen count, so a filter or page change never approves what the admin cannot see.
  const selectedIds = pendingRows.filter((a) => selected.has(a.id)).map((a) => a.id);
  const allSelected = pendingRows.length > 0 && selectedIds.length === pendingRows.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const exportCsv = () => {
    saveTextFile(
      `approvals-${new Date().toISOString().slice(0, 10)}.csv`,
      approvalsCsv(rows ?? []),
      'text/csv',
    );
    toast.success('Approvals exported as CSV');
  };

  const total = approvals.data?.total;
  return (
    <div>
      <PageTitle title="Pending Approvals">
        <Button
          disabled={selectedIds.length === 0 || actions.busy}
          onClick={() => actions.approveSelected(selectedIds)}
        >
          Approve Selected ({selectedIds.length})
        </Button>
        <Button variant="secondary" disabled={!rows} onClick={exportCsv}>
          Export Approvals
        </Button>
      </PageTitle>
      <SectionCard title="Withdrawals awaiting approval">
        <ApprovalsFilters
          filters={filters}
          onFilters={(next) => {
            setFilters(next);
            setPage(1);
          }}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
        {approvals.isError && !approvals.data ? (
          <LoadError title={LOAD_ERROR} detail={serverErrorMessage(approvals.error, LOAD_ERROR)} />
        ) : (
          <>
            <label className="mb-3 inline-flex items-center gap-2 text-sm text-slate-300">
              <input
                type="checkbox"
                checked={allSelected}
                disabled={pendingRows.length === 0}
                onChange={() => setSelected(new Set(allSelected ? [] : pendingRows.map((a) => a.id)))}
                className="h-4 w-4 accent-orange-600"
              />
              Select all on this page
            </label>
            <DataTable
              caption="Pending approvals"
              columns={approvalColumns({
                selected,
                onToggle: toggle,
                onApprove: actions.approveOne,
                onReject: actions.startReject,
                busy: actions.busy,
              })}
              rows={rows}
              rowKey={(a) => a.id}
              loading={approvals.isPending}
              loadingText="Loading approvals..."
              emptyText="No pending approvals"
            />
            <p className="mt-4 text-sm text-slate-300">Total Pending: {total ?? 0}</p>
            <Pager
              label="Approval pages"
              page={page}
              pageSize={pageSize}
              total={total ?? 0}
              onPageChange={setPage}
              disabled={approvals.isPlaceholderData}
            />
          </>
        )}
      </SectionCard>
      {actions.question ? (
        <ConfirmDialog
          message={actions.question.message}
          onConfirm={actions.question.run}
          onCancel={actions.dismissQuestion}
        />
      ) : null}
      {actions.rejecting ? (
        <RejectDialog
          approval={actions.rejecting}
          pending={actions.busy}
          onReject={actions.reject}
          onCancel={actions.cancelReject}
        />
      ) : null}
    </div>
  );
}
