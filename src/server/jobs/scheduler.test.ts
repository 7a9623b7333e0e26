import { describe, expect, it } from 'vitest';
import { createScheduler } from './scheduler';

describe('scheduler', () => {
  it('runs a start-up task at once, never overlaps it, and keeps going after a failure', async () => {
    const errors: string[] = [];
    let runs = 0;
    let concurrent = 0;
    let peak = 0;
    const scheduler = createScheduler(
      [
        {
          name: 'work',
          every: () => 1_000,
          runAtStart: true,
          run: async () => {
            runs += 1;
            concurrent += 1;
            peak = Math.max(peak, concurrent);
            await new Promise((r) => setTimeout(r, 20));
            concurrent -= 1;
            if (runs === 1) throw new Error('first run fails');
          },
        },
      ],
      (task, error) => errors.push(`${task}: ${(error as Error).message}`),
    );
    scheduler.start();
    await scheduler.runNow('work');
    await scheduler.runNow('work');
    await scheduler.stop();
    expect(runs).toBe(3);
    expect(peak).toBe(1);
    expect(errors).toEqual(['work: first run fails']);
  });

  it('refuses an unknown task', async () => {
    const scheduler = createScheduler([], () => undefined);
    await expect(scheduler.runNow('nope')).rejects.toThrow('no task nope');
  });
});
