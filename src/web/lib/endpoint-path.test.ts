import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint-path';

describe('endpointPath', () => {
  it('drops the /api prefix and fills and encodes path parameters', () => {
    expect(endpointPath({ path: '/api/payments/balance' })).toBe('/payments/balance');
    expect(endpointPath({ path: '/api/trades/:id/status' }, { id: 'a/b' })).toBe('/trades/a%2Fb/status');
  });

  it('refuses a path outside /api and a missing parameter', () => {
    expect(() => endpointPath({ path: '/health' })).toThrow(/Not an \/api endpoint/);
    expect(() => endpointPath({ path: '/api/trades/:id/status' })).toThrow(/Missing path parameter/);
  });
});
