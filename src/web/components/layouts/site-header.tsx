import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { Button } from '../ui/button';
import {
  adminHeaderLink,
  isHeaderItemActive,
  loginLink,
  publicHeaderLinks,
  signedInHeaderLinks,
  type NavItem,
} from './nav-links';
import { OrganizationSwitcher } from './organization-switcher';
import { SIDEBAR_ID } from './sidebar';

interface SiteHeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** Signed-in only, before the organisation switcher (the app puts the notification bell here). */
  actions?: ReactNode;
}

export function SiteHeader({ sidebarOpen, onToggleSidebar, actions }: SiteHeaderProps) {
  const { status, isAdmin, signOut } = useAuth();
  const signedIn = status === 'signedIn';
  const links: NavItem[] = signedIn
    ? [...publicHeaderLinks, ...signedInHeaderLinks, ...(isAdmin ? [adminHeaderLink] : [])]
    : [...publicHeaderLinks, loginLink];

  return (
    <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-900/95 backdrop-blur">
      <div
        className={`mx-auto flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8 ${signedIn ? '' : 'max-w-7xl'}`}
      >
        {signedIn ? (
          <button
            type="button"
            onClick={onToggleSidebar}
            aria-label="Toggle sidebar"
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            className="rounded-md p-2 text-slate-300 hover:bg-slate-800 hover:text-white lg:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
            >
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        ) : null}
        <Link to="/" className="text-xl font-bold tracking-tight text-white">
          Heat<span className="text-orange-500">Signal</span>
        </Link>
        <HeaderNav links={links} wide={signedIn} />
        {signedIn ? (
          <div className="ml-auto flex items-center gap-3">
            {actions}
            <OrganizationSwitcher />
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** Signed-in users get a second header row for their many links until the screen is very wide. */
function HeaderNav({ links, wide }: { links: readonly NavItem[]; wide: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Primary"
      className={
        'order-last w-full overflow-x-auto ' +
        (wide ? '2xl:order-none 2xl:w-auto 2xl:flex-1' : 'sm:order-none sm:w-auto sm:flex-1')
      }
    >
      <ul className="flex gap-1 whitespace-nowrap">
        {links.map((item) => {
          const active = isHeaderItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={
                  'block rounded-md px-3 py-1.5 text-sm font-medium ' +
                  (active ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white')
                }
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
