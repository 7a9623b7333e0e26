/**
 * A burst of concurrent deposits over real HTTP, for the backup tests (the simulated card
 * provider's pm_card_visa), that runs until told to stop. No timing is assumed: a test waits for a number of answered deposits,
 * and a stop sends a given number more, each started after the stop was asked for.
 */
import { jsonPost } from '../../testing/http-client';

/** A trader signed up through the public endpoint (testing/http-client.ts: signUp). */
export interface Trader {
  id: string;
  token: string;
}

export interface Burst {
  /** Resolves once `count` deposits in all were answered 200. */
  answered(count: number): Promise<void>;
  /** Lets `more` deposits start from now on, waits for every one in flight, and ends the burst. */
  stop(more: number): Promise<{ ok: number; failures: string[] }>;
}

export function startDepositBurst(base: string, traders: Trader[], lanes = 8): Burst {
  let ok = 0;
  let sent = 0;
  let leftAfterStop: number | undefined;
  const failures: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of waiters.filter((w) => ok >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const lane = async () => {
    for (;;) {
      if (leftAfterStop !== undefined) {
        if (leftAfterStop === 0) return;
        leftAfterStop -= 1;
      }
      const n = sent++;
      // Whole dollars and cents, at least the $10 minimum.
      const amount = 10 + (n % 7) + (n % 100) / 100;
      const trader = traders[n % traders.length]!;
      try {
        const body = { amount, paymentMethodId: 'pm_card_visa' };
        const response = await jsonPost(base, '/api/payments/deposit', body, trader.token);
        if (response.status === 200) ok += 1;
        else failures.push(`${response.status} ${await response.text()}`);
      } catch (error) {
        failures.push(String(error));
      }
      settle();
      if (failures.length > 0 && leftAfterStop === undefined) leftAfterStop = 0;
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    answered: (count) =>
      new Promise((resolve, reject) => {
        waiters.push({ count, resolve });
        settle();
        // A failing burst never reaches the count: say why instead of waiting for the test's timeout.
        void running.then(() =>
          ok < count ? reject(new Error(`deposits failed: ${failures[0]}`)) : undefined,
        );
      }),
    async stop(more) {
      leftAfterStop = failures.length > 0 ? 0 : more;
      await running;
      return { ok, failures };
    },
  };
}
