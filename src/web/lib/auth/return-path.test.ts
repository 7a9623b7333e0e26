import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/offers?x=1')).toBe('/offers?x=1');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'offers'])(
    'falls back to /dashboard for %s',
    (value) => {
      expect(safeReturnPath(value)).toBe('/dashboard');
    },
  );
});

describe('signInPathFor', () => {
  it('encodes the current address as the return address', () => {
    expect(signInPathFor({ pathname: '/payments', search: '?tab=2' })).toBe(
      '/auth?redirect=%2Fpayments%3Ftab%3D2',
    );
  });
});
