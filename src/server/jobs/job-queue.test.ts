import { describe, expect, it } from 'vitest';
import { createInProcessQueue } from './in-process-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('in-process job queue', () => {
  it('never runs more than `concurrency` jobs at once and runs them all', async () => {
    const queue = createInProcessQueue<number>('test');
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    queue.process(async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      done.push(n);
      running -= 1;
    }, 2);
    for (let i = 0; i < 7; i++) await queue.add(i);
    await queue.drained();
    expect(peak).toBe(2);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await queue.counts()).toMatchObject({ waiting: 0, active: 0, completed: 7, failed: 0 });
  });

  it('collapses a job id that is already pending, and accepts it again once done', async () => {
    const queue = createInProcessQueue<string>('test');
    const seen: string[] = [];
    await queue.add('a', { jobId: 'BTC/USD' });
    await queue.add('b', { jobId: 'BTC/USD' });
    queue.process(async (data) => {
      seen.push(data);
    }, 1);
    await queue.drained();
    await queue.add('c', { jobId: 'BTC/USD' });
    await queue.drained();
    expect(seen).toEqual(['a', 'c']);
  });

  it('counts a failed job and keeps going', async () => {
    const errors: unknown[] = [];
    const queue = createInProcessQueue<number>('test', (e) => errors.push(e));
    queue.process(async (n) => {
      if (n === 1) throw new Error('boom');
    }, 1);
    await queue.add(1);
    await queue.add(2);
    await queue.drained();
    expect(await queue.counts()).toMatchObject({ completed: 1, failed: 1 });
    expect(errors).toHaveLength(1);
  });
});
