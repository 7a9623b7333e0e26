import { createReferralEndpoint, createReferralResponseSchema } from '../../../../contract/referrals';
import { apiRequest, serverErrorMessage } from '../../../lib/api-client';
import {
  clearStoredReferral,
  getStoredReferralCampaign,
  getStoredReferralCode,
} from '../../../lib/referral-storage';

export const REFERRAL_APPLIED_MESSAGE = 'Referral submitted successfully';

export type StoredReferralOutcome =
  | { status: 'none' }
  | { status: 'applied'; code: string }
  | { status: 'refused'; code: string; error: string };

/**
 * After sign-up: applies the code a referral landing stored (trader spec 2.5), with the new
 * account's token since it is not stored yet. Never throws, so it can never block sign-up; the
 * stored code is forgotten whatever the answer, a refused one included ('Invalid referral code').
 */
export async function applyStoredReferral(token: string): Promise<StoredReferralOutcome> {
  const code = getStoredReferralCode();
  if (!code) return { status: 'none' };
  // The campaign came from a URL: cut to what the contract takes so it can never sink the code.
  const campaign = getStoredReferralCampaign()
    // eslint-disable-next-line no-control-regex -- dropping control characters is the point
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 100);
  try {
    await apiRequest(createReferralEndpoint.path.replace(/^\/api/, ''), {
      method: 'POST',
      body: { referralCode: code, ...(campaign ? { campaign } : {}) },
      auth: false,
      headers: { authorization: `Bearer ${token}` },
      schema: createReferralResponseSchema,
      fallbackError: 'Invalid referral code',
    });
    return { status: 'applied', code };
  } catch (error) {
    // The server's reason when it gave one; a network failure is not an invalid code.
    const message = serverErrorMessage(error, 'Failed to apply referral code');
    return { status: 'refused', code, error: message };
  } finally {
    clearStoredReferral();
  }
}
