/** Per-IP limits for the routes that attract abuse; tests pass their own. */
export interface RateLimits {
  auth: { max: number; timeWindow: number };
  contact: { max: number; timeWindow: number };
}

export const defaultRateLimits: RateLimits = {
  auth: { max: 30, timeWindow: 60_000 },
  contact: { max: 5, timeWindow: 60_000 },
};
