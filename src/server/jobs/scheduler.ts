/**
 * Periodic upkeep: each task runs on its own timer, never overlaps itself, and a failure is
 * logged without stopping the schedule. Intervals may change at run time (global settings).
 */
export interface PeriodicTask {
  name: string;
  /** Milliseconds until the next run, read after every run. */
  every(): number | Promise<number>;
  run(): Promise<void>;
  /** Run once right away instead of waiting a full interval. */
  runAtStart?: boolean;
  /** Wait this long (ms) before the first run instead of a full interval. */
  firstRunAfter?: number;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs a task now (tests, manual triggers), waiting for a run in progress first. */
  runNow(name: string): Promise<void>;
}

export function createScheduler(
  tasks: PeriodicTask[],
  log: (task: string, error: unknown) => void,
): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = true;

  async function execute(task: PeriodicTask): Promise<void> {
    const previous = running.get(task.name);
    if (previous) await previous;
    const current = task.run().catch((error: unknown) => log(task.name, error));
    running.set(task.name, current);
    await current;
    running.delete(task.name);
  }

  async function loop(task: PeriodicTask): Promise<void> {
    if (stopped) return;
    await execute(task);
    if (stopped) return;
    let delay = 60_000;
    try {
      delay = Math.max(1_000, await task.every());
    } catch (error) {
      log(task.name, error);
    }
    timers.set(
      task.name,
      setTimeout(() => void loop(task), delay),
    );
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const task of tasks) {
        if (task.runAtStart) {
          void loop(task);
        } else {
          void Promise.resolve(task.firstRunAfter ?? task.every()).then((ms) => {
            if (!stopped)
              timers.set(
                task.name,
                setTimeout(() => void loop(task), Math.max(1_000, ms)),
              );
          });
        }
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    async runNow(name) {
      const task = tasks.find((t) => t.name === name);
      if (!task) throw new Error(`no task ${name}`);
      await execute(task);
    },
  };
}
