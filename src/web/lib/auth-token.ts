/** The bearer token of the signed-in user, kept across reloads (and shared by the tabs). */
export const AUTH_TOKEN_STORAGE_KEY = 'heatsignal.token';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getAuthToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  notify();
}

export function clearAuthToken(): void {
  localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  notify();
}

/** For `useSyncExternalStore`: fires on changes from this tab and (via `storage`) from others. */
export function subscribeAuthToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
