import { ApiError } from '../../../lib/api-client';

/** Server text when the server answered; otherwise (network failure, bad payload) the fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
