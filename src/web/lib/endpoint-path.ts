import { fillPath } from '../../contract/common';

/**
 * The path `apiRequest` takes (it adds the `/api` prefix itself) for a contract endpoint, with its
 * `:name` segments filled, so a screen calls exactly the path the server's route declares.
 */
export function endpointPath(
  endpoint: { path: string },
  params: Record<string, string | number> = {},
): string {
  const path = fillPath(endpoint.path, params);
  if (!path.startsWith('/api/')) throw new Error(`Not an /api endpoint: ${endpoint.path}`);
  return path.slice('/api'.length);
}
