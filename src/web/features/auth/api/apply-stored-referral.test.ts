import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_CAMPAIGN_KEY, REFERRAL_CODE_KEY, storeReferral } from '../../../lib/referral-storage';
import { createReferralInputSchema } from '../../../../contract/referrals';
import { applyStoredReferral } from './apply-stored-referral';

/** The browser's localStorage, enough for referral-storage (tests run in node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const referral = {
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  referrerId: 'referrer',
  referredId: 'new-user',
  points: 10,
  createdAt: '2026-11-21T10:00:00.000Z',
};
/** The JSON body of the n-th fetch call. */
const sentBody = (mock: ReturnType<typeof vi.fn>, n = 0): unknown =>
  JSON.parse((mock.mock.calls[n] as [string, { body: string }])[1].body);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('applyStoredReferral (sign-up hand-off)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing without a stored code', async () => {
    expect(await applyStoredReferral('tok')).toEqual({ status: 'none' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the stored code and campaign with the new token, then forgets them', async () => {
    storeReferral('FRIEND42', 'spring');
    fetchMock.mockResolvedValue(json(200, { referral }));
    expect(await applyStoredReferral('new-token')).toEqual({ status: 'applied', code: 'FRIEND42' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/referrals/create');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'Bearer new-token' });
    expect(sentBody(fetchMock)).toEqual({ referralCode: 'FRIEND42', campaign: 'spring' });
    expect(localStorage.getItem(REFERRAL_CODE_KEY)).toBeNull();
    expect(localStorage.getItem(REFERRAL_CAMPAIGN_KEY)).toBeNull();
  });

  it('sends a campaign cut to what the contract accepts (it came from a URL)', async () => {
    storeReferral('FRIEND42', `  spr\u0007ing${'x'.repeat(200)}`);
    fetchMock.mockResolvedValue(json(200, { referral }));
    expect((await applyStoredReferral('tok')).status).toBe('applied');
    const body = sentBody(fetchMock) as { campaign: string };
    expect(createReferralInputSchema.safeParse(body).success).toBe(true);
    expect(body.campaign).toBe(`spring${'x'.repeat(94)}`);
  });

  it("forgets a code the server refuses and reports the server's reason", async () => {
    storeReferral('NOSUCHCODE', null);
    fetchMock.mockResolvedValue(json(400, { error: 'Invalid referral code' }));
    expect(await applyStoredReferral('tok')).toEqual({
      status: 'refused',
      code: 'NOSUCHCODE',
      error: 'Invalid referral code',
    });
    expect(sentBody(fetchMock)).toEqual({ referralCode: 'NOSUCHCODE' });
    expect(localStorage.getItem(REFERRAL_CODE_KEY)).toBeNull();
  });

  it('never throws, also when the network fails', async () => {
    storeReferral('FRIEND42', null);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await applyStoredReferral('tok')).toEqual({
      status: 'refused',
      code: 'FRIEND42',
      error: 'Failed to apply referral code',
    });
    expect(localStorage.getItem(REFERRAL_CODE_KEY)).toBeNull();
  });
});
