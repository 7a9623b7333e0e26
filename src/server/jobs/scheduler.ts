import type { ScheduleLeases } from '../modules/system/schedule-leases.repo';

/**
 * Periodic upkeep: each task runs on its own timer, never overlaps itself, and a failure is
 * logged without stopping the schedule. Intervals may change at run time (global settings).
 *
 * With `leases` (several worker processes on one PostgreSQL) a run happens only under the task's
 * lease and once it is due, so each run happens once across the cluster; the other workers ask
 * again when it falls due or when a silent holder's lease could have lapsed.
 */
export interface PeriodicTask {
  name: string;
  /** Milliseconds until the next run, read after every run. */
  every(): number | Promise<number>;
  run(): Promise<void>;
  /**
   * Run once right away instead of waiting a full interval. Under `leases` this holds for a task
   * with no run recorded, an overdue one or one whose last run failed: a start honours a run that
   * is still within its interval (a restart does not repeat a sync that just ran).
   */
  runAtStart?: boolean;
  /** Wait this long (ms) before the first run instead of a full interval. */
  firstRunAfter?: number;
}

export interface Scheduler {
  start(): void;
  /**
   * Stops the timers and waits up to `graceMs` for runs in progress; a run still going then is
   * handed back (its lease released, so another worker takes it at once).
   */
  stop(graceMs?: number): Promise<void>;
  /** Runs a task now (tests, manual triggers), waiting for a run in progress first. */
  runNow(name: string): Promise<void>;
}

const MIN_DELAY_MS = 1_000;
/** When the lease table cannot be read (database down), ask again after this long. */
const LEASE_RETRY_MS = 5_000;

export function createScheduler(
  tasks: PeriodicTask[],
  log: (task: string, error: unknown) => void,
  options: { leases?: ScheduleLeases } = {},
): Scheduler {
  const { leases } = options;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<unknown>>();
  let stopped = true;

  /** Runs the task (after a run in progress); resolves with its failure, or null. */
  async function execute(task: PeriodicTask): Promise<unknown> {
    const previous = running.get(task.name);
    if (previous) await previous;
    const current = task.run().then(
      () => null,
      (error: unknown) => {
        log(task.name, error);
        return error ?? new Error('failed');
      },
    );
    running.set(task.name, current);
    const failure = await current;
    running.delete(task.name);
    return failure;
  }

  async function nextInterval(task: PeriodicTask): Promise<number> {
    try {
      return Math.max(MIN_DELAY_MS, await task.every());
    } catch (error) {
      log(task.name, error);
      return 60_000;
    }
  }

  /** One turn of a task's loop; resolves with the delay until the next turn. */
  async function turn(task: PeriodicTask): Promise<number> {
    if (!leases) {
      await execute(task);
      return nextInterval(task);
    }
    let claim;
    try {
      claim = await leases.claim(task.name);
    } catch (error) {
      log(task.name, error);
      return LEASE_RETRY_MS;
    }
    // The database says when the run falls due or a silent holder's lease lapses.
    if (!claim.claimed) return Math.max(MIN_DELAY_MS, claim.retryInMs + 50);
    const renewal = setInterval(() => {
      leases.renew(task.name).catch((error: unknown) => log(task.name, error));
    }, leases.renewEveryMs);
    let failure: unknown;
    try {
      failure = await execute(task);
    } finally {
      clearInterval(renewal);
    }
    const interval = await nextInterval(task);
    // Stopped mid-run: stop() hands the lease back itself when the run outlasts its grace.
    await leases
      .finish(task.name, interval, failure ? messageOf(failure) : null)
      .catch((error: unknown) => log(task.name, error));
    return interval;
  }

  async function loop(task: PeriodicTask): Promise<void> {
    if (stopped) return;
    const delay = await turn(task);
    if (stopped) return;
    timers.set(
      task.name,
      setTimeout(() => void loop(task), delay),
    );
  }

  async function firstDelay(task: PeriodicTask): Promise<number> {
    if (task.runAtStart) return 0;
    return Math.max(MIN_DELAY_MS, await (task.firstRunAfter ?? task.every()));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const task of tasks) {
        void (async () => {
          const delay = await firstDelay(task);
          if (leases) {
            try {
              await leases.register(task.name, delay, task.runAtStart === true);
            } catch (error) {
              log(task.name, error);
            }
          }
          if (stopped) return;
          if (delay === 0) void loop(task);
          else
            timers.set(
              task.name,
              setTimeout(() => void loop(task), delay),
            );
        })();
      }
    },
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      const inFlight = [...running.entries()];
      const settled = Promise.all(inFlight.map(([, run]) => run));
      if (graceMs === Number.POSITIVE_INFINITY) {
        await settled;
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const outOfTime = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      const outcome = await Promise.race([settled.then(() => 'done' as const), outOfTime]);
      clearTimeout(timer);
      if (outcome === 'late') {
        const late = inFlight.filter(([name]) => running.has(name)).map(([name]) => name);
        // Handed back: no longer this scheduler's to wait for (a later stop, e.g. the app's close,
        // returns at once); whatever it did not finish, the next run of the task does.
        for (const name of late) running.delete(name);
        if (leases) await Promise.allSettled(late.map((name) => leases.release(name)));
      }
    },
    async runNow(name) {
      const task = tasks.find((t) => t.name === name);
      if (!task) throw new Error(`no task ${name}`);
      // A manual run skips the cluster lease: every task is idempotent, and a test means "now".
      await execute(task);
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
