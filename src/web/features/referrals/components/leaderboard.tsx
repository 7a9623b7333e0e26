import type { LeaderboardRow } from '../../../../contract/referrals';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useAuth } from '../../../lib/auth/use-auth';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { LEADERBOARD_FETCH_ERROR, useLeaderboard } from '../api/get-leaderboard';

type RankedRow = LeaderboardRow & { rank: number };

export function Leaderboard() {
  const leaderboard = useLeaderboard();
  const myId = useAuth().user?.id;
  useLoadErrorToast(leaderboard.error, { fallback: LEADERBOARD_FETCH_ERROR, toastId: 'leaderboard-error' });

  const rows = leaderboard.data?.leaderboard.map((row, index) => ({ ...row, rank: index + 1 }));
  const columns: readonly Column<RankedRow>[] = [
    { key: 'rank', header: 'Rank', cell: (r) => `#${r.rank}`, className: 'tabular-nums' },
    {
      key: 'username',
      header: 'Username',
      cell: (r) => (r.userId === myId ? `${r.username || 'Anonymous'} (you)` : r.username || 'Anonymous'),
    },
    {
      key: 'points',
      header: 'Points',
      cell: (r) => r.totalReferralPoints,
      className: 'text-right tabular-nums',
    },
  ];

  return (
    <SectionCard title="Leaderboard">
      {leaderboard.isError ? (
        <LoadError
          title={LEADERBOARD_FETCH_ERROR}
          detail={serverErrorMessage(leaderboard.error, LEADERBOARD_FETCH_ERROR)}
        />
      ) : (
        <DataTable
          caption="Top 50 referrers"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.userId}
          loading={leaderboard.isPending}
          loadingText="Loading leaderboard..."
          emptyText="No referral points yet."
          rowClassName={(r) => (r.userId === myId ? 'bg-orange-500/10' : '')}
        />
      )}
    </SectionCard>
  );
}
