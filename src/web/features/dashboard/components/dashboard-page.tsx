import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { useAuth } from '../../../lib/auth/use-auth';

export function DashboardPage() {
  const { user, isAdmin } = useAuth();
  const name = user?.firstName || user?.username || 'User';

  return (
    <>
      <PageTitle title={`Welcome, ${name}`} />
      <nav aria-label="Dashboard shortcuts" className="flex flex-wrap gap-3">
        <Link to="/offers" className={buttonClasses('primary')}>
          View Offers
        </Link>
        <Link to="/heatmap" className={buttonClasses('secondary')}>
          View Heatmap
        </Link>
        <Link to="/settings" className={buttonClasses('secondary')}>
          Settings
        </Link>
        {isAdmin ? (
          <Link to="/admin" className={buttonClasses('secondary')}>
            Admin Dashboard
          </Link>
        ) : null}
      </nav>
    </>
  );
}
