/**
 * Analysis jobs go through a queue so work is bounded and spread: in-process with a fixed
 * concurrency by default, BullMQ when REDIS_URL is set (any number of ROLE=worker processes).
 */
export interface JobQueue<T> {
  readonly name: string;
  /** Enqueues; a job whose `jobId` is already waiting or running is not added twice. */
  add(data: T, options?: { jobId?: string }): Promise<void>;
  /** Starts consuming with `concurrency` parallel handlers. Only worker processes call this. */
  process(handler: (data: T) => Promise<void>, concurrency: number): void;
  /** Job counts by state, e.g. { waiting: 2, active: 1, failed: 0 }. */
  counts(): Promise<Record<string, number>>;
  /** Resolves when nothing is waiting or running (tests, graceful shutdown). */
  drained(): Promise<void>;
  close(): Promise<void>;
}
