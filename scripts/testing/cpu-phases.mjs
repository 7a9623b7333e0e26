// Where a test run's time goes, for its log: each phase's wall time and the machine's busy and idle
// CPU-seconds in it (from /proc/stat, so on Linux only), and how fast the machine is. Run times on
// machines of different speeds only compare with both: a phase with no idle CPU is bound by the
// machine, one with much idle CPU by waiting.
import { readFileSync } from 'node:fs';

/** Linux reports /proc/stat in USER_HZ, which is 100 on every architecture it runs on. */
const TICKS_PER_SECOND = 100;

/** The machine's CPU time so far, in seconds (all cores together), or null where unknown. */
export function readCpuSeconds() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
    const idle = ticks[3] + (ticks[4] ?? 0);
    const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, idle: idle / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * Consecutive phases: `mark(name)` ends the phase begun at the previous mark (or at creation) and
 * names it; `lines()` is the table of them, with the total.
 */
export function createPhaseClock({ read = readCpuSeconds, now = () => performance.now() } = {}) {
  const phases = [];
  const first = { at: now(), cpu: read() };
  let last = first;
  const row = (name, from, to) => ({
    name,
    wall: (to.at - from.at) / 1000,
    cpu: from.cpu && to.cpu ? { busy: to.cpu.busy - from.cpu.busy, idle: to.cpu.idle - from.cpu.idle } : null,
  });
  const format = ({ name, wall, cpu }) => {
    const used = cpu ? `CPU busy ${cpu.busy.toFixed(0)} s, idle ${cpu.idle.toFixed(0)} s` : 'CPU unknown';
    return `${name.padEnd(10)} ${wall.toFixed(0).padStart(5)} s   ${used}`;
  };
  return {
    mark(name) {
      const next = { at: now(), cpu: read() };
      phases.push(row(name, last, next));
      last = next;
    },
    lines() {
      return [...phases, row('total', first, last)].map(format);
    },
  };
}

/**
 * Milliseconds a fixed integer loop takes on one core: the machine's speed, to set beside its
 * run times (lower is faster).
 */
export function referenceLoopMs() {
  const started = performance.now();
  let x = 1;
  for (let i = 0; i < 400_000_000; i++) x = (Math.imul(x, 1_103_515_245) + 12_345) | 0;
  const ms = performance.now() - started;
  // Used, so the loop cannot be optimised away.
  return x === 0.5 ? -1 : ms;
}
