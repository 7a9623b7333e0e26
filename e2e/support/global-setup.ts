import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server';
import { startDedicatedServer } from './dedicated-server';
import { signUpOverHttp, type HttpAccount } from './operator';
import { startTemplateServer } from './template-data';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's first account, which founds the operator organisation (an admin). */
    operator: HttpAccount;
    /** A data folder after a first market sync, with no account (template-data.ts). */
    templateDataDir: string;
  }
}

/** The web app the servers serve from dist/web. */
async function buildWeb(): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite emit a development React build.
  const build = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const [status] = (await once(build, 'exit')) as [number | null];
  if (status !== 0) throw new Error('web build failed');
}

/**
 * Builds the server bundle and the web app, takes the template data folder (one first market
 * sync), and starts the shared server from a copy of it (a free port) for the browser tests, then
 * signs its operator up, so a test can ask for what only the back office can (e.g. an analysis
 * past the thresholds) instead of waiting on the simulated market's luck.
 *
 * `npm test` runs the newcomer journey as a run of its own beside the other files (it mostly waits
 * for its market), after building once for both: E2E_PREBUILT=1 skips the builds, and
 * E2E_OWN_SERVERS_ONLY=1 (the journey's run, whose files start their own servers) skips the
 * template and the shared server.
 */
export default async function setup(project: TestProject) {
  const prebuilt = process.env.E2E_PREBUILT === '1';
  if (process.env.E2E_OWN_SERVERS_ONLY === '1') {
    if (!prebuilt) await Promise.all([buildServer(), buildWeb()]);
    return;
  }
  if (!prebuilt) await buildServer();
  // The template's first sync needs no web app: the web build runs beside it, once the template's
  // server has started (it looks for dist/web at its start, which the build empties).
  const templateServer = await startTemplateServer();
  const [web, synced] = await Promise.allSettled([
    prebuilt ? Promise.resolve() : buildWeb(),
    templateServer.finish(),
  ]);
  if (synced.status === 'rejected') throw synced.reason;
  const template = synced.value;
  if (web.status === 'rejected') {
    template.remove();
    throw web.reason;
  }
  const server = await startDedicatedServer({}, { template: template.dir });
  project.provide('baseUrl', server.baseUrl);
  project.provide('operator', await signUpOverHttp(server.baseUrl, 'Olive Operator'));
  project.provide('templateDataDir', template.dir);
  return async () => {
    await server.stop();
    template.remove();
  };
}
