import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { isSidebarItemActive, sidebarAdminLinks, sidebarMainLinks, type NavItem } from './nav-links';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

/** Always visible from lg up; below that a drawer opened by the header's 'Toggle sidebar' button. */
export function Sidebar({ open, onClose }: SidebarProps) {
  const { isAdmin } = useAuth();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open ? (
        <div aria-hidden="true" onClick={onClose} className="fixed inset-0 z-30 bg-black/60 lg:hidden" />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        className={
          'fixed inset-y-0 left-0 z-40 w-64 shrink-0 overflow-y-auto border-r border-slate-800 bg-slate-900 p-4 ' +
          'transition-transform lg:static lg:z-auto lg:block lg:translate-x-0 ' +
          (open ? 'translate-x-0' : 'invisible -translate-x-full lg:visible')
        }
      >
        <SidebarSection title="Main" items={sidebarMainLinks} onNavigate={onClose} />
        {isAdmin ? <SidebarSection title="Admin" items={sidebarAdminLinks} onNavigate={onClose} /> : null}
      </aside>
    </>
  );
}

function SidebarSection({
  title,
  items,
  onNavigate,
}: {
  title: string;
  items: readonly NavItem[];
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const headingId = `sidebar-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
        {title}
      </h2>
      <ul className="space-y-1">
        {items.map((item) => {
          const active = isSidebarItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={
                  'block rounded-md px-3 py-2 text-sm font-medium ' +
                  (active
                    ? 'bg-orange-500/15 text-orange-300'
                    : 'text-slate-300 hover:bg-slate-800 hover:text-white')
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
