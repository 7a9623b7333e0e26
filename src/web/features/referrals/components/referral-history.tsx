import { useState } from 'react';
import type { ReferralRecord } from '../../../../contract/referrals';
import type { Column } from '../../../components/ui/data-table';
import { PagedTableCard } from '../../../components/ui/paged-table-card';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDateTime, shortId } from '../../../lib/format';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { REFERRALS_FETCH_ERROR, useReferrals } from '../api/get-referrals';
import { REFERRALS_PAGE_SIZE } from '../api/query-keys';

function Person({ id, myId }: { id: string; myId: string | undefined }) {
  if (id === myId) return <span className="font-semibold text-orange-300">You</span>;
  return (
    <span title={id} className="font-mono text-xs text-slate-400">
      {shortId(id)}
    </span>
  );
}

export function ReferralHistory() {
  const [page, setPage] = useState(1);
  const referrals = useReferrals(page);
  const myId = useAuth().user?.id;
  useLoadErrorToast(referrals.error, { fallback: REFERRALS_FETCH_ERROR, toastId: 'referrals-error' });

  const columns: readonly Column<ReferralRecord>[] = [
    {
      key: 'id',
      header: 'ID',
      cell: (r) => (
        <span title={r.id} className="font-mono text-xs text-slate-400">
          {shortId(r.id)}
        </span>
      ),
    },
    { key: 'createdAt', header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
    { key: 'referrer', header: 'Referrer', cell: (r) => <Person id={r.referrerId} myId={myId} /> },
    { key: 'referred', header: 'Referred', cell: (r) => <Person id={r.referredId} myId={myId} /> },
    { key: 'points', header: 'Points', cell: (r) => r.points, className: 'text-right tabular-nums' },
  ];

  return (
    <PagedTableCard
      title="Referral History"
      caption="Referral history"
      query={referrals}
      rows={referrals.data?.referrals}
      total={referrals.data?.total}
      columns={columns}
      rowKey={(r) => r.id}
      errorTitle={REFERRALS_FETCH_ERROR}
      loadingText="Loading referrals..."
      emptyText="No referrals yet. Share your code to invite friends."
      page={page}
      pageSize={REFERRALS_PAGE_SIZE}
      onPageChange={setPage}
      pagerLabel="Referral history pages"
    />
  );
}
