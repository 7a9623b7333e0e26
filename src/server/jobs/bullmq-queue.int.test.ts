import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { createBullmqQueue } from './bullmq-queue';

// Redis runs on every machine of this project (CI included); REDIS_URL points elsewhere if needed.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('BullMQ queue (scale-out)', () => {
  it('runs every job once through Redis and reports counts', async () => {
    const name = `heatsignal-test-${randomUUID()}`;
    const queue = createBullmqQueue<{ n: number }>(name, REDIS_URL);
    const seen: number[] = [];
    try {
      queue.process(async ({ n }) => {
        seen.push(n);
      }, 2);
      for (let n = 0; n < 5; n++) await queue.add({ n }, { jobId: `job-${n}` });
      await queue.add({ n: 99 }, { jobId: 'job-0' });
      await queue.drained();
      expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
      const counts = await queue.counts();
      expect(counts.completed).toBe(5);
      expect(counts.waiting).toBe(0);
    } finally {
      await queue.close();
      // Leave nothing behind in the machine's Redis.
      const { hostname, port } = new URL(REDIS_URL);
      const admin = new Queue(name, { connection: { host: hostname, port: Number(port || 6379) } });
      await admin.obliterate({ force: true });
      await admin.close();
    }
  });
});
