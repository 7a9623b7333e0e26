/**
 * At most `max` requests per rolling hour, counted in memory by this process. Every attempt
 * counts (a failed call may still be billed). With several processes (ROLE=worker × N) each has
 * its own budget, so the platform-wide ceiling is N × chatgptMaxRequests.
 */
const HOUR_MS = 60 * 60 * 1000;

export function createRequestBudget(clock: () => number = Date.now) {
  const stamps: number[] = [];
  const prune = (now: number) => {
    while (stamps.length > 0 && stamps[0]! <= now - HOUR_MS) stamps.shift();
  };
  return {
    /** Takes one request from the budget; false (and nothing taken) when the hour's cap is used up. */
    tryTake(max: number): boolean {
      const now = clock();
      prune(now);
      if (stamps.length >= max) return false;
      stamps.push(now);
      return true;
    },
    used(): number {
      prune(clock());
      return stamps.length;
    },
  };
}
