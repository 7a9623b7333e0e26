/**
 * pg_dump and pg_restore as child processes. The password leaves the URL and travels in
 * PGPASSWORD, so it is in neither the process list nor an error message; `--no-password` makes a
 * missing one an error instead of a prompt that waits for ever.
 */
import { spawn } from 'node:child_process';

/** libpq's target for `databaseUrl`, without its password, and the environment that carries it. */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The URL as it may be shown: without its password. */
export function shownUrl(databaseUrl: string): string {
  return libpqTarget(databaseUrl).dbname;
}

const TOOLS_HINT =
  'install the PostgreSQL client tools of your server’s major version or newer (Debian: apt-get install postgresql-client)';

/** Runs `tool` to its end; rejects with its last lines of stderr when it fails. */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): Promise<void> {
  const { dbname, env } = libpqTarget(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, ['--no-password', `--dbname=${dbname}`, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${tool} was not found: ${TOOLS_HINT}`) : error),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const why = stderr.trim().split('\n').slice(-5).join('\n') || `exit ${signal ?? code}`;
      const hint = /version mismatch/.test(stderr) ? `\n(${TOOLS_HINT})` : '';
      reject(new Error(`${tool} failed: ${why}${hint}`));
    });
  });
}
