import { createContext } from 'react';
import type { Me } from '../../../contract/account';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthContextValue {
  status: AuthStatus;
  user: Me | null;
  /** True iff the user's permissions (for the active organisation) include `org:admin`. */
  isAdmin: boolean;
  /** Stores the bearer token and resolves once `/api/me` has loaded (or failed). */
  signIn: (token: string) => Promise<void>;
  /** Goes to `/`, forgets the token locally and asks the server to revoke it. */
  signOut: () => Promise<void>;
  /** Refetches `/api/me` (e.g. after switching the active organisation). */
  refresh: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
