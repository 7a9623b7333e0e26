import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { buttonClasses } from './button';

export interface PageLink {
  to: string;
  label: string;
}

/** A screen's own links (trader spec 2.9-2.11); the Admin Dashboard link is added for admins only. */
export function PageLinks({ links, label }: { links: readonly PageLink[]; label: string }) {
  const { isAdmin } = useAuth();
  const all = isAdmin ? [...links, { to: '/admin', label: 'Admin Dashboard' }] : links;
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {all.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={buttonClasses('secondary')}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
