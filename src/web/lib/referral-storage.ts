/** A referral landing (/r/:code, /referral/:code) remembers the code until the visitor signs up. */
export const REFERRAL_CODE_KEY = 'referral_code';
export const REFERRAL_CAMPAIGN_KEY = 'referral_campaign';

export function storeReferral(code: string, campaign: string | null): void {
  localStorage.setItem(REFERRAL_CODE_KEY, code);
  if (campaign) localStorage.setItem(REFERRAL_CAMPAIGN_KEY, campaign);
  else localStorage.removeItem(REFERRAL_CAMPAIGN_KEY);
}

export function getStoredReferralCode(): string | null {
  return localStorage.getItem(REFERRAL_CODE_KEY);
}

export function getStoredReferralCampaign(): string | null {
  return localStorage.getItem(REFERRAL_CAMPAIGN_KEY);
}

/** Once sign-up has tried the code (applied or refused), it is forgotten. */
export function clearStoredReferral(): void {
  localStorage.removeItem(REFERRAL_CODE_KEY);
  localStorage.removeItem(REFERRAL_CAMPAIGN_KEY);
}
