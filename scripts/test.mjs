// `npm test`: unit + API tests (vitest), then browser tests when Chromium is installed.
// `--api-only`: just the API suite (*.int.test.ts).
// Ends with the failed tests, one a line, and one summary line, "total: N passed, N failed", so the
// tail of a CI log says what failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'heatsignal-vitest-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
let ok = true;

function runVitest(name, args) {
  const out = path.join(reports, `${name}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) ok = false;
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
}

const apiOnly = process.argv.includes('--api-only');
if (apiOnly) {
  // The API suite alone, e.g. against the PostgreSQL server in DATABASE_URL.
  runVitest('api', ['int.test']);
} else {
  runVitest('unit', []);
}
if (apiOnly) {
  // no browser tests
} else if (existsSync(CHROMIUM)) {
  runVitest('e2e', ['--config', 'vitest.e2e.config.ts']);
} else {
  console.log(
    `\nBrowser tests SKIPPED: ${CHROMIUM} not found (install it with: apt-get install -y chromium).\n`,
  );
}
for (const failure of failures) console.log(`FAILED ${failure.split('\n')[0]}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
