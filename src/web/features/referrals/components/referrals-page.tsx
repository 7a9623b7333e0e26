import { PageLinks } from '../../../components/ui/page-links';
import { PageTitle } from '../../../components/ui/page-title';
import { Leaderboard } from './leaderboard';
import { ReferralCodeCard } from './referral-code-card';
import { ReferralEntryForm } from './referral-entry-form';
import { ReferralHistory } from './referral-history';

const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/offers', label: 'Offers' },
  { to: '/heatmap', label: 'Heatmap' },
  { to: '/settings', label: 'Settings' },
] as const;

/** Trader spec 2.11: own code with copy, the entry form, the leaderboard and the history. */
export function ReferralsPage() {
  return (
    <>
      <PageTitle title="Referrals" />
      <PageLinks label="Referrals links" links={links} />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <ReferralCodeCard />
          <ReferralEntryForm />
        </div>
        <ReferralHistory />
        <Leaderboard />
      </div>
    </>
  );
}
