/**
 * `Idempotency-Key` for money-moving POSTs (DESIGN: Money). The first request with a key claims
 * it; its answer is stored (a success in the movement's own transaction, a refusal right after),
 * and a retry with the same key and body gets that answer back without moving anything again.
 * The same key with another body is refused (422); a retry while the first is running gets 409.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyHeadersSchema } from '../../contract/payments';
import type { IdempotencyScope, LedgerService } from '../modules/ledger/ledger.service';
import { HttpError, badRequest, conflict } from './errors';

export const IDEMPOTENCY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different request';

/** Runs `work` at most once per key; returns its result, or sends the stored answer of an earlier try. */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  ledger: Pick<LedgerService, 'idempotency'>,
  work: (scope: IdempotencyScope | undefined) => Promise<T>,
): Promise<T | FastifyReply> {
  const parsed = idempotencyHeadersSchema.safeParse({
    'idempotency-key': request.headers['idempotency-key'],
  });
  if (!parsed.success) throw badRequest('Idempotency-Key must be 8-200 characters on one line');
  const key = parsed.data['idempotency-key'];
  if (!key) return work(undefined);

  const scope = { userId, key };
  const claim = await ledger.idempotency.claim(scope, requestHash(request));
  if (claim.kind === 'mismatch') throw new HttpError(422, IDEMPOTENCY_MISMATCH);
  if (claim.kind === 'in_flight') throw conflict(IDEMPOTENCY_IN_FLIGHT);
  if (claim.kind === 'replay') {
    return reply.status(claim.statusCode).header('idempotent-replayed', 'true').send(claim.response);
  }
  try {
    return await work(scope);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await ledger.idempotency.answer(scope, error.statusCode, { error: error.message });
    } else {
      // Nothing committed (the answer is written with the movement): let a retry run it again.
      await ledger.idempotency.release(scope).catch(() => undefined);
    }
    throw error;
  }
}

/** The route, its parameters and the body, with object keys sorted so key order does not matter. */
function requestHash(request: FastifyRequest): string {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const canonical = JSON.stringify([route, sorted(request.params), sorted(request.body)]);
  return createHash('sha256').update(canonical).digest('hex');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value ?? null;
}
