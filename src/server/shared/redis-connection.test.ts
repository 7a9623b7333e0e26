import { describe, expect, it } from 'vitest';
import {
  createOutageLog,
  isRedisConnectionError,
  isRedisUnavailable,
  RedisUnavailableError,
  redisOptionsOf,
} from './redis-connection';

describe('redisOptionsOf', () => {
  it('reads host, port, credentials and database from the URL', () => {
    expect(redisOptionsOf('redis://user:p%40ss@cache.internal:6380/2')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
    });
    expect(redisOptionsOf('redis://127.0.0.1')).toMatchObject({ port: 6379, db: 0, username: undefined });
    expect(redisOptionsOf('rediss://cache.example.com')).toHaveProperty('tls');
  });
});

describe('createOutageLog', () => {
  it('logs the first error of an outage and the recovery, nothing for the retries between', () => {
    const lines: string[] = [];
    const outage = createOutageLog('bus publisher', (message) => lines.push(message));
    outage.recovered();
    for (let retry = 0; retry < 5; retry++) outage.failed(new Error('connect ECONNREFUSED'));
    outage.recovered();
    outage.failed(new Error('connect ECONNREFUSED'));
    expect(lines).toEqual([
      'bus publisher: Redis unreachable (logged once until it is back)',
      'bus publisher: Redis reachable again',
      'bus publisher: Redis unreachable (logged once until it is back)',
    ]);
  });
});

describe('isRedisUnavailable', () => {
  it('recognises what ioredis rejects commands with while Redis is down', () => {
    expect(isRedisUnavailable(new RedisUnavailableError())).toBe(true);
    expect(
      isRedisUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isRedisUnavailable(new Error('wrapped', { cause: new Error('Connection is closed.') }))).toBe(
      true,
    );
  });

  it('leaves other failures alone', () => {
    expect(isRedisUnavailable(new Error('ERR wrong number of arguments'))).toBe(false);
    expect(isRedisUnavailable('Command timed out')).toBe(false);
  });
});

describe('isRedisConnectionError', () => {
  it('counts socket failures as connection errors, not BullMQ or command errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    expect(isRedisConnectionError(refused)).toBe(true);
    expect(isRedisConnectionError(new Error('Missing key for job 1. moveToFinished'))).toBe(false);
  });
});
