import { PageLinks } from '../../../components/ui/page-links';
import { PageTitle } from '../../../components/ui/page-title';
import { useLivePayments } from '../hooks/use-live-payments';
import { BalanceCard } from './balance-card';
import { DepositForm } from './deposit-form';
import { PaymentHistory } from './payment-history';
import { TipForm } from './tip-form';
import { WithdrawForm } from './withdraw-form';

const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/offers', label: 'Offers' },
  { to: '/heatmap', label: 'Heatmap' },
  { to: '/settings', label: 'Settings' },
  { to: '/referrals', label: 'Referrals' },
] as const;

/** Trader spec 2.9: balance, Deposit / Withdraw / Tip, and the history paged by 10. */
export function PaymentsPage() {
  useLivePayments();
  return (
    <>
      <PageTitle title="Payments" />
      <PageLinks label="Payments links" links={links} />
      <div className="space-y-6">
        <BalanceCard />
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          <DepositForm />
          <WithdrawForm />
          <TipForm />
        </div>
        <PaymentHistory />
      </div>
    </>
  );
}
