import { useCallback, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, sidebar (signed-in users), the 7xl page container and the footer around every screen.
 * `headerActions` come from the app (features are composed there, never imported here).
 */
export function SharedLayout({ headerActions }: { headerActions?: ReactNode }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  // The drawer remembers the path it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const sidebarOpen = openOn === pathname;
  const closeSidebar = useCallback(() => setOpenOn(null), []);
  const toggleSidebar = () => setOpenOn(sidebarOpen ? null : pathname);
  const signedIn = status === 'signedIn';

  return (
    <div className="flex min-h-screen flex-col bg-slate-950 text-slate-100">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-orange-700 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} actions={headerActions} />
      <div className="flex flex-1">
        {signedIn ? <Sidebar open={sidebarOpen} onClose={closeSidebar} /> : null}
        <main id="main-content" className="min-w-0 flex-1">
          <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            <Outlet />
          </div>
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
