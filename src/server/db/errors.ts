/*
 * PostgreSQL error codes as both drivers report them. drizzle wraps driver errors
 * (DrizzleQueryError) and keeps the original as `cause`, so the whole chain is searched.
 */

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
export const PG_NOT_NULL_VIOLATION = '23502';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';
export const PG_RAISE_EXCEPTION = 'P0001';

export interface PgErrorInfo {
  code: string;
  constraint?: string;
  /** The error's DETAIL, when it has one. */
  detail?: string;
  message: string;
}

/** The first error in the cause chain that carries a SQLSTATE code, or undefined. */
export function findPgError(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
        message: candidate.message,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function pgErrorCode(error: unknown): string | undefined {
  return findPgError(error)?.code;
}

/** A unique violation, optionally of one named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = findPgError(error);
  return info?.code === PG_UNIQUE_VIOLATION && (!constraint || info.constraint === constraint);
}

/** Worth retrying the whole transaction (SERIALIZABLE conflicts, deadlocks). */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK_DETECTED;
}
