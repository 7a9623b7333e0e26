import { SECOND_FACTOR_REQUIRED } from '../../../contract/account';
import { ApiError } from '../api-client';
import type { ConfirmSecondFactor } from './second-factor-context';

export function isSecondFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === SECOND_FACTOR_REQUIRED;
}

/**
 * Runs a call that may need a fresh second factor (a withdrawal, an approval): when the server asks
 * for one, the user is asked for a code and the call runs once more. Cancelling keeps the refusal.
 */
export async function retryWithSecondFactor<T>(
  confirm: ConfirmSecondFactor,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isSecondFactorRequired(error) || !(await confirm())) throw error;
    return run();
  }
}
