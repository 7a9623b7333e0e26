import { API_KEY_REQUESTS_PER_MINUTE } from '../../contract/api-keys';

/** Per-IP limits for the routes that attract abuse, and per personal API key; tests pass their own. */
export interface RateLimits {
  auth: { max: number; timeWindow: number };
  contact: { max: number; timeWindow: number };
  /** Requests per personal API key in each window, by its owner's plan; unset: the plans' own. */
  apiKey?: { free: number; pro: number; timeWindow: number };
}

export const API_KEY_RATE_LIMITS = { ...API_KEY_REQUESTS_PER_MINUTE, timeWindow: 60_000 };

export const defaultRateLimits: RateLimits = {
  auth: { max: 30, timeWindow: 60_000 },
  contact: { max: 5, timeWindow: 60_000 },
  apiKey: API_KEY_RATE_LIMITS,
};
