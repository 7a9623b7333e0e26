/** Query parameter that carries the address to return to after signing in. */
export const RETURN_PARAM = 'redirect';

/** Only same-site paths: '/x' yes; '//evil.com', '/\\evil.com', 'https://…' no. */
export function safeReturnPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** `/auth?redirect=<path+search>` for the current address. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams({ [RETURN_PARAM]: `${location.pathname}${location.search}` });
  return `/auth?${params.toString()}`;
}
