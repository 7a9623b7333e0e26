import { useState } from 'react';
import type { ReferralRecord } from '../../../../contract/referrals';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { SectionCard } from '../../../components/ui/section-card';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDateTime, shortId } from '../../../lib/format';
import { serverErrorMessage, useLoadErrorToast } from '../../../lib/use-load-error';
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
    <SectionCard
      title="Referral History"
      actions={referrals.data ? <span className="text-slate-400">{referrals.data.total} total</span> : null}
    >
      {referrals.isError && !referrals.data ? (
        <LoadError
          title={REFERRALS_FETCH_ERROR}
          detail={serverErrorMessage(referrals.error, REFERRALS_FETCH_ERROR)}
        />
      ) : (
        <>
          <DataTable
            caption="Referral history"
            columns={columns}
            rows={referrals.data?.referrals}
            rowKey={(r) => r.id}
            loading={referrals.isPending}
            loadingText="Loading referrals..."
            emptyText="No referrals yet. Share your code to invite friends."
          />
          <Pager
            label="Referral history pages"
            page={page}
            pageSize={REFERRALS_PAGE_SIZE}
            total={referrals.data?.total ?? 0}
            onPageChange={setPage}
            disabled={referrals.isPlaceholderData}
          />
        </>
      )}
    </SectionCard>
  );
}
