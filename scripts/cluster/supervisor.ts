/**
 * Keeps a fixed set of child processes running: a child that exits while the supervisor is not
 * stopping is restarted after a backoff (doubling up to a ceiling, back to the start once a child
 * stayed up long enough), and `stop()` forwards SIGTERM to every child, then SIGKILLs whoever is
 * still there when the grace period ends. Children are spawned directly (no shell, no npm), so the
 * signals reach the processes themselves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ChildSpec {
  /** Prefix of its output lines and name in the supervisor's own lines, e.g. `api-1`. */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface SupervisorOptions {
  children: ChildSpec[];
  /** From SIGTERM to SIGKILL of the stragglers; default 12 s (a server has 10 s to close). */
  graceMs?: number;
  /** First restart delay; default 1 s. */
  backoffInitialMs?: number;
  /** Ceiling of the doubling delay; default 30 s. */
  backoffMaxMs?: number;
  /** A child up at least this long restarts after the first delay again; default 60 s. */
  backoffResetMs?: number;
  /** The supervisor's own lines (restarts, kills). */
  log?: (line: string) => void;
  /** Every line a child writes, already prefixed with `name | `. */
  output?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface StopResult {
  /** Children that were still running after the grace period and got SIGKILL. */
  killed: string[];
}

export interface Supervisor {
  /** The live process of each child by name (undefined while it waits for a restart). */
  process(name: string): ChildProcess | undefined;
  /** How many times each child has been spawned. */
  spawnCount(name: string): number;
  stop(): Promise<StopResult>;
}

interface Slot {
  spec: ChildSpec;
  child?: ChildProcess;
  /** Resolves when the current child has exited. */
  exited: Promise<void>;
  startedAt: number;
  delayMs: number;
  restartTimer?: NodeJS.Timeout;
  spawns: number;
}

export function startSupervisor(options: SupervisorOptions): Supervisor {
  const graceMs = options.graceMs ?? 12_000;
  const initialMs = options.backoffInitialMs ?? 1_000;
  const maxMs = options.backoffMaxMs ?? 30_000;
  const resetMs = options.backoffResetMs ?? 60_000;
  const log = options.log ?? ((line) => console.log(line));
  const output =
    options.output ??
    ((line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`));

  const slots = new Map<string, Slot>();
  let stopping: Promise<StopResult> | undefined;

  function launch(slot: Slot): void {
    const { spec } = slot;
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    slot.child = child;
    slot.spawns++;
    slot.startedAt = Date.now();
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: child[stream] }).on('line', (line) =>
        output(`${spec.name} | ${line}`, stream),
      );
    }
    slot.exited = new Promise((resolve) => {
      let done = false;
      const onEnd = (how: string) => {
        if (done) return;
        done = true;
        slot.child = undefined;
        resolve();
        if (!stopping) scheduleRestart(slot, how);
      };
      child.once('exit', (code, signal) => onEnd(signal ? `signal ${signal}` : `code ${code}`));
      // A spawn that fails (e.g. ENOENT) emits 'error' and never 'exit'.
      child.once('error', (error) => {
        if (child.pid === undefined) onEnd(`spawn error: ${error.message}`);
      });
    });
  }

  function scheduleRestart(slot: Slot, how: string): void {
    const upMs = Date.now() - slot.startedAt;
    if (upMs >= resetMs) slot.delayMs = initialMs;
    const delay = slot.delayMs;
    slot.delayMs = Math.min(delay * 2, maxMs);
    log(
      `${slot.spec.name} exited unexpectedly (${how}) after ${(upMs / 1000).toFixed(1)} s; ` +
        `restarting in ${delay / 1000} s`,
    );
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      if (!stopping) launch(slot);
    }, delay);
  }

  async function shutdown(): Promise<StopResult> {
    for (const slot of slots.values()) clearTimeout(slot.restartTimer);
    const running = [...slots.values()].filter((slot) => slot.child !== undefined);
    for (const slot of running) slot.child?.kill('SIGTERM');
    const killed: string[] = [];
    const timer = setTimeout(() => {
      for (const slot of running) {
        if (!slot.child) continue;
        killed.push(slot.spec.name);
        slot.child.kill('SIGKILL');
      }
      if (killed.length > 0)
        log(`killed ${killed.join(', ')} (still running ${graceMs / 1000} s after SIGTERM)`);
    }, graceMs);
    await Promise.all(running.map((slot) => slot.exited));
    clearTimeout(timer);
    return { killed };
  }

  for (const spec of options.children) {
    if (slots.has(spec.name)) throw new Error(`duplicate child name ${spec.name}`);
    const slot: Slot = { spec, exited: Promise.resolve(), startedAt: 0, delayMs: initialMs, spawns: 0 };
    slots.set(spec.name, slot);
    launch(slot);
  }

  return {
    process: (name) => slots.get(name)?.child,
    spawnCount: (name) => slots.get(name)?.spawns ?? 0,
    stop: () => (stopping ??= shutdown()),
  };
}
