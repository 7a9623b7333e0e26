// `npm test`: unit + API tests (vitest), then the scale-out suite (real api and worker processes on
// the machine's PostgreSQL and Redis servers), then the browser tests (when Chromium is installed);
// the browser tests' newcomer journey, which mostly waits on its market, runs beside all of them.
// `--api-only`: just the API suite (*.int.test.ts). `--unit-only`: just the unit stage.
// `--with-checks` (CI's way): lint and typecheck too, beside the later stages at the lowest CPU
// priority, in the time they leave idle (they mostly wait on browsers, markets and leases).
// Ends with each phase's wall time and CPU use and the machine's speed (cpu-phases.mjs), the failed
// tests, one a line, and one summary line, "total: N passed, N failed", so the tail of a CI log says
// what failed and where the time went.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPhaseClock, referenceLoopMs } from './testing/cpu-phases.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'heatsignal-vitest-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
let ok = true;
const referenceMs = referenceLoopMs().toFixed(0);
const phases = createPhaseClock();

/**
 * Runs a command to its end; with `quiet` its stdout and stderr are kept (as text) instead of shown;
 * with `niceness`, at that lower CPU priority (its child processes too).
 */
async function run(file, args, { quiet = true, env = {}, niceness = 0 } = {}) {
  const command = niceness ? ['nice', '-n', String(niceness), file, ...args] : [file, ...args];
  const child = spawn(command[0], command.slice(1), {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const out = [];
  const err = [];
  child.stdout?.on('data', (chunk) => out.push(chunk));
  child.stderr?.on('data', (chunk) => err.push(chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  return { status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

/**
 * One vitest run; its results are added to the totals. With `quiet` its output is kept and
 * returned, for the caller to print once the run beside it has ended, so two runs side by side
 * do not interleave their lines.
 */
async function runVitest(name, args, { quiet = false, env = {}, niceness = 0 } = {}) {
  const out = path.join(reports, `${name}.json`);
  const { status, stdout, stderr } = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { quiet, env, niceness },
  );
  if (status !== 0) ok = false;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    for (const file of report.testResults) {
      const where = path.relative(process.cwd(), file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) failures.push(`${where} > ${test.fullName}`);
      if (failed.length === 0 && file.status === 'failed') failures.push(`${where}: ${file.message}`);
    }
    if (report.numTotalTests === 0) ok = false;
  } else {
    ok = false;
  }
  return quiet ? `\n--- ${name} ---\n${stdout}${stderr}` : '';
}

/**
 * An npm script with its output kept, for printing once the runs beside it have ended; `passed`
 * says whether it exited 0.
 */
async function runScript(script, env = {}, { niceness = 0 } = {}) {
  const { status, stdout, stderr } = await run('npm', ['run', script], { env, niceness });
  if (status !== 0) {
    ok = false;
    failures.push(`npm run ${script} (exit ${status})`);
  }
  return { passed: status === 0, output: `\n--- npm run ${script} ---\n${stdout}${stderr}` };
}

/**
 * The unit stage: the server and web projects as two runs side by side. In one run the web files
 * (isolated, each in a fresh worker with jsdom) only started once every server file had, a tail of
 * most of a minute on 2 cores; beside the server files they fill the time those wait on their
 * databases and timers. The web run takes one worker and its output is printed after the server's.
 */
async function runUnitStage({ niceness = 0 } = {}) {
  const web = runVitest('unit-web', ['--project', 'web', '--maxWorkers', '1'], { quiet: true, niceness });
  await runVitest('unit-server', ['--project', 'server'], { niceness });
  process.stdout.write(await web);
}

/** The lint and the typecheck, one after the other (each is single-threaded). */
async function runChecks() {
  const lowest = { niceness: 19 };
  return (await runScript('lint', {}, lowest)).output + (await runScript('typecheck', {}, lowest)).output;
}

const E2E_CONFIG = ['--config', 'vitest.e2e.config.ts'];
const JOURNEY = 'e2e/newcomer-journey.e2e.ts';

/** The template data folder (e2e/support/template-data.ts), made once for the browser runs. */
async function makeTemplate() {
  const { status, stdout, stderr } = await run('npx', ['tsx', 'e2e/support/make-template.ts']);
  const dir = stdout.trim().split('\n').at(-1);
  if (status === 0 && dir && existsSync(dir)) return { dir, output: '' };
  ok = false;
  failures.push('browser tests: the template data folder was not made');
  return { dir: null, output: `\n--- template data folder ---\n${stderr}` };
}

/** Browser files that start servers of their own (from the template) and use no shared server. */
const OWN_SERVER_FILES = [
  'e2e/accounts.e2e.ts',
  'e2e/admin-approvals.e2e.ts',
  'e2e/admin-collections.e2e.ts',
  'e2e/admin-settings.e2e.ts',
  'e2e/gate-empty-state.e2e.ts',
  'e2e/kill-switch.e2e.ts',
];

/**
 * What the browser runs share: the web app and the server bundle, built once, and the template
 * data folder, taken once from that build. Started beside the unit stage, so the browser runs
 * start on them.
 */
function prepareBrowserStage() {
  const build = runScript('build', { NODE_ENV: 'production' });
  const template = build.then((built) =>
    built.passed ? makeTemplate() : { dir: null, output: built.output },
  );
  return { build, template };
}

/**
 * The newcomer journey: its own server on a simulated market whose trade closes at a fixed market
 * time, so the file lasts about five minutes however fast the machine is, most of them waiting.
 * It starts as soon as the build is ready, beside the unit and scale-out stages rather than after
 * them, where it ran on alone for minutes at the end of every run. It needs no template.
 */
async function runJourney(build) {
  if (!(await build).passed) return '';
  return runVitest('e2e-journey', [...E2E_CONFIG, JOURNEY], {
    quiet: true,
    env: { E2E_PREBUILT: '1', E2E_SERVERS: 'own' },
  });
}

/**
 * The other browser files as two runs side by side, one file at a time in each: the files that
 * start servers of their own, and the files on the shared server.
 */
async function runBrowserStage(template) {
  const { output, dir } = await template;
  if (!dir) return output;
  const withTemplate = { E2E_PREBUILT: '1', E2E_TEMPLATE_DIR: dir };
  const own = runVitest('e2e-own-servers', [...E2E_CONFIG, ...OWN_SERVER_FILES], {
    quiet: true,
    env: { ...withTemplate, E2E_SERVERS: 'own' },
  });
  const excluded = [JOURNEY, ...OWN_SERVER_FILES].flatMap((file) => ['--exclude', file]);
  await runVitest('e2e', [...E2E_CONFIG, ...excluded], { env: withTemplate });
  const outputs = await own;
  rmSync(dir, { recursive: true, force: true });
  return outputs;
}

/**
 * The API tests clone their PostgreSQL databases from a migrated template (src/server/db/testing.ts),
 * which outlives the test processes: the run drops it once every file is done, leaving the server
 * as it found it.
 */
async function dropTestTemplates() {
  if (!process.env.DATABASE_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(
      "select datname from pg_database where datname like 'heatsignal\\_template\\_%'",
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.log(`The test template databases were not dropped: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv.includes('--api-only')) {
  // The API suite alone, e.g. against the PostgreSQL server in DATABASE_URL.
  await runVitest('api', ['int.test']);
  phases.mark('api');
} else if (process.argv.includes('--unit-only')) {
  await runUnitStage();
  phases.mark('unit');
} else {
  const browsers = existsSync(CHROMIUM) ? prepareBrowserStage() : null;
  const journey = browsers ? runJourney(browsers.build) : Promise.resolve('');
  // The unit stage a step below the journey's priority: it only needs the CPU time, while the
  // journey's steps must keep up with its market's clock (its offers stay live 202 s).
  await runUnitStage({ niceness: browsers ? 5 : 0 });
  phases.mark('unit');
  // CI's checks at the lowest CPU priority, in the time the suites after the unit stage leave idle
  // (beside the unit stage, whose files ping-pong with their database threads, they slowed it by a
  // quarter).
  const checks = process.argv.includes('--with-checks') ? runChecks() : Promise.resolve('');
  // The scale-out suite without the other browser files: beside them, on a loaded 2-core machine,
  // its processes took minutes to start and sync their market, and its bounds are about processes
  // and leases, not about a starved machine.
  await runVitest('cluster', ['--config', 'vitest.cluster.config.ts']);
  phases.mark('cluster');
  if (browsers) {
    process.stdout.write(await runBrowserStage(browsers.template));
  } else {
    console.log(
      `\nBrowser tests SKIPPED: ${CHROMIUM} not found (install it with: apt-get install -y chromium).\n`,
    );
  }
  process.stdout.write(await journey);
  process.stdout.write(await checks);
  // The journey and the build run beside the unit stage, the checks beside the later ones.
  phases.mark('browser');
}
console.log(`\nPhases (this machine runs the reference loop in ${referenceMs} ms on one core):`);
for (const line of phases.lines()) console.log(`  ${line}`);
await dropTestTemplates();
for (const failure of failures) console.log(`FAILED ${failure.split('\n')[0]}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
