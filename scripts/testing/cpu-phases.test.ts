import { describe, expect, it } from 'vitest';
import { createPhaseClock, readCpuSeconds, referenceLoopMs } from './cpu-phases.mjs';

describe('the test run phase table', () => {
  it('gives each phase its wall time and the CPU busy and idle in it, then the total', () => {
    const readings = [
      { at: 0, cpu: { busy: 100, idle: 50 } },
      { at: 300_000, cpu: { busy: 690, idle: 60 } },
      { at: 420_000, cpu: { busy: 800, idle: 190 } },
    ];
    let k = 0;
    const clock = createPhaseClock({ read: () => readings[k]!.cpu, now: () => readings[k]!.at });
    k = 1;
    clock.mark('unit');
    k = 2;
    clock.mark('cluster');
    expect(clock.lines()).toEqual([
      'unit         300 s   CPU busy 590 s, idle 10 s',
      'cluster      120 s   CPU busy 110 s, idle 130 s',
      'total        420 s   CPU busy 700 s, idle 140 s',
    ]);
  });

  it('says the CPU is unknown where the machine does not report it', () => {
    let at = 0;
    const clock = createPhaseClock({ read: () => null, now: () => at });
    at = 2_000;
    clock.mark('unit');
    expect(clock.lines()[0]).toBe('unit           2 s   CPU unknown');
  });

  it('reads this machine: busy and idle seconds that only grow, and a reference loop that takes time', () => {
    const before = readCpuSeconds();
    expect(referenceLoopMs()).toBeGreaterThan(0);
    const after = readCpuSeconds();
    if (process.platform !== 'linux') return expect(after).toBeNull();
    expect(after!.busy).toBeGreaterThan(before!.busy);
    expect(after!.idle).toBeGreaterThanOrEqual(before!.idle);
  });
});
