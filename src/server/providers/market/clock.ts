/**
 * The simulated and replay markets run on their own clock: `startTime` at `realStart` (default:
 * creation), then `speed` source milliseconds per real millisecond of `clock` (Date.now unless a
 * test passes a manual clock). Processes given the same `startTime` and `realStart` agree on the
 * time at any speed.
 */
export interface SourceClockOptions {
  /** Source time (epoch ms) at creation; default: the real time then. */
  startTime?: number;
  /** Source seconds per real second; default 1. */
  speed?: number;
  /** The real clock; default Date.now. */
  clock?: () => number;
  /** The real time `startTime` corresponds to; default: the real time at creation. */
  realStart?: number;
}

export function createSourceClock(options: SourceClockOptions = {}): () => number {
  const clock = options.clock ?? Date.now;
  const speed = options.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new Error(`speed must be a positive number, got ${speed}`);
  const realStart = options.realStart ?? clock();
  const sourceStart = options.startTime ?? realStart;
  return () => Math.floor(sourceStart + (clock() - realStart) * speed);
}

export interface ManualClock {
  (): number;
  set(time: number): void;
  advance(ms: number): void;
}

/** A clock that moves only when told to (tests). */
export function createManualClock(start: number): ManualClock {
  let now = start;
  const clock = (() => now) as ManualClock;
  clock.set = (time) => {
    now = time;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}
