import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const underDrizzle = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'admin_shutdown (pg_terminate_backend)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    [
      'crash_shutdown',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['too_many_connections', withCode('sorry, too many clients already', '53300')],
    ['class 08', withCode('connection failure', '08006')],
    ['refused by the pool', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset under drizzle', underDrizzle(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['terminated under drizzle', underDrizzle(new Error('Connection terminated unexpectedly'))],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a database that refuses connections',
      withCode('database "x" is not currently accepting connections', '55000'),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', underDrizzle(withCode('duplicate key value', '23505'))],
    ['a syntax error', underDrizzle(withCode('syntax error at or near "x"', '42601'))],
    ['another 55000', withCode('cannot drop the currently open database', '55000')],
    // An outbound fetch (Stripe, a feed) reports socket codes as the cause of a TypeError.
    [
      'a refused outbound fetch',
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
