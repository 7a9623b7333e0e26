import { afterEach, describe, expect, it } from 'vitest';
import { startSupervisor, type ChildSpec, type Supervisor } from './supervisor';

/*
 * Real child processes (`node -e`), short delays injected: a child announces itself with
 * `ready <pid>` and then either exits on SIGTERM (saying so) or ignores it.
 */
const OBEDIENT = `
  process.on('SIGTERM', () => { console.log('got SIGTERM'); process.exit(0); });
  console.log('ready ' + process.pid);
  setInterval(() => {}, 1000);
`;
const STUBBORN = `
  process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
  console.log('ready ' + process.pid);
  setInterval(() => {}, 1000);
`;

const fake = (name: string, script: string): ChildSpec => ({
  name,
  command: process.execPath,
  args: ['-e', script],
  env: { PATH: process.env.PATH },
});

async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let current: Supervisor | undefined;
afterEach(async () => {
  // A failed test must not leave children behind.
  await current?.stop();
  current = undefined;
});

function supervise(children: ChildSpec[], graceMs = 5_000, backoffResetMs = 60_000) {
  const lines: string[] = [];
  const logs: string[] = [];
  current = startSupervisor({
    children,
    graceMs,
    backoffInitialMs: 50,
    backoffMaxMs: 200,
    backoffResetMs,
    log: (line) => logs.push(line),
    output: (line) => lines.push(line),
  });
  const readyPids = (name: string) =>
    lines.filter((l) => l.startsWith(`${name} | ready `)).map((l) => Number(l.split(' ').at(-1)));
  return { supervisor: current, lines, logs, readyPids };
}

describe('cluster supervisor', () => {
  it('restarts a child killed with SIGKILL, with a log line, and prefixes its output', async () => {
    const { supervisor, logs, readyPids } = supervise([fake('api-1', OBEDIENT), fake('worker-1', OBEDIENT)]);
    await until('both ready', () => readyPids('api-1').length === 1 && readyPids('worker-1').length === 1);
    const [firstPid] = readyPids('api-1');
    expect(supervisor.process('api-1')?.pid).toBe(firstPid);

    process.kill(firstPid!, 'SIGKILL');
    await until('api-1 back', () => readyPids('api-1').length === 2);

    const secondPid = readyPids('api-1')[1];
    expect(secondPid).not.toBe(firstPid);
    expect(supervisor.process('api-1')?.pid).toBe(secondPid);
    expect(supervisor.spawnCount('api-1')).toBe(2);
    expect(supervisor.spawnCount('worker-1')).toBe(1);
    expect(logs).toEqual([
      expect.stringMatching(/^api-1 exited unexpectedly \(signal SIGKILL\).*restarting in/),
    ]);
  });

  it('doubles the restart delay of a child that keeps crashing', async () => {
    const { logs } = supervise([fake('api-1', 'process.exit(3)')]);
    await until('four crashes', () => logs.length >= 4);
    const delays = logs.map((l) => /restarting in ([\d.]+) s/.exec(l)?.[1]);
    expect(delays.slice(0, 4)).toEqual(['0.05', '0.1', '0.2', '0.2']);
    expect(logs[0]).toMatch(/\(code 3\)/);
  });

  it('restarts after the first delay again a child that stayed up long enough', async () => {
    const { logs } = supervise([fake('api-1', 'setTimeout(() => process.exit(3), 300)')], 5_000, 250);
    await until('three crashes', () => logs.length >= 3, 10_000);
    const delays = logs.map((l) => /restarting in ([\d.]+) s/.exec(l)?.[1]);
    expect(delays.slice(0, 3)).toEqual(['0.05', '0.05', '0.05']);
  });

  it('forwards SIGTERM to every child and does not restart them once shutdown began', async () => {
    const { supervisor, lines, logs, readyPids } = supervise([
      fake('api-1', OBEDIENT),
      fake('api-2', OBEDIENT),
    ]);
    await until('both ready', () => readyPids('api-1').length === 1 && readyPids('api-2').length === 1);

    const result = await supervisor.stop();

    expect(result.killed).toEqual([]);
    expect(lines).toContain('api-1 | got SIGTERM');
    expect(lines).toContain('api-2 | got SIGTERM');
    // Absence of a restart can only be shown by waiting: several times the longest backoff.
    await new Promise((r) => setTimeout(r, 600));
    expect(supervisor.spawnCount('api-1')).toBe(1);
    expect(supervisor.spawnCount('api-2')).toBe(1);
    expect(supervisor.process('api-1')).toBeUndefined();
    expect(logs).toEqual([]);
  });

  it('cancels a pending restart when shutdown begins', async () => {
    const { supervisor, logs } = supervise([fake('api-1', 'process.exit(1)')]);
    await until('first crash logged', () => logs.length === 1);
    const spawns = supervisor.spawnCount('api-1');

    expect(await supervisor.stop()).toEqual({ killed: [] });
    await new Promise((r) => setTimeout(r, 600));
    expect(supervisor.spawnCount('api-1')).toBe(spawns);
  });

  it('SIGKILLs a child still running after the grace period and says so', async () => {
    const { supervisor, lines, logs, readyPids } = supervise(
      [fake('api-1', OBEDIENT), fake('worker-1', STUBBORN)],
      500,
    );
    await until('both ready', () => readyPids('api-1').length === 1 && readyPids('worker-1').length === 1);
    const stubborn = supervisor.process('worker-1')!;
    const started = Date.now();

    const result = await supervisor.stop();

    expect(result.killed).toEqual(['worker-1']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(lines).toContain('worker-1 | ignoring SIGTERM');
    expect(stubborn.signalCode).toBe('SIGKILL');
    expect(logs).toEqual([expect.stringMatching(/^killed worker-1 \(still running 0.5 s after SIGTERM\)/)]);
  });
});
