import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server';
import { startDedicatedServer } from './dedicated-server';
import { signUpOverHttp, type HttpAccount } from './operator';
import { startTemplateServer, type TemplateDataDir } from './template-data';

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
 * `npm test` runs the browser files as three runs (scripts/test.mjs), after building once for
 * all and taking one template for the two that need one:
 * - E2E_PREBUILT=1: the builds are done;
 * - E2E_TEMPLATE_DIR: the template to use (its maker removes it);
 * - E2E_SERVERS=own: the run's files start servers of their own, so no shared server is started.
 */
export default async function setup(project: TestProject) {
  const prebuilt = process.env.E2E_PREBUILT === '1';
  const givenTemplate = process.env.E2E_TEMPLATE_DIR;
  const sharedServer = process.env.E2E_SERVERS !== 'own';
  if (!prebuilt) await buildServer();
  let template: TemplateDataDir | undefined;
  if (givenTemplate || !sharedServer) {
    if (!prebuilt) await buildWeb();
    if (givenTemplate) template = { dir: givenTemplate, remove: () => undefined };
  } else {
    // The template's first sync needs no web app: the web build runs beside it, once the
    // template's server has started (it looks for dist/web at its start, which the build empties).
    const templateServer = await startTemplateServer();
    const [web, synced] = await Promise.allSettled([
      prebuilt ? Promise.resolve() : buildWeb(),
      templateServer.finish(),
    ]);
    if (synced.status === 'rejected') throw synced.reason;
    template = synced.value;
    if (web.status === 'rejected') {
      template.remove();
      throw web.reason;
    }
  }
  if (template) project.provide('templateDataDir', template.dir);
  if (!sharedServer) return () => template?.remove();
  const server = await startDedicatedServer({}, { template: template!.dir });
  project.provide('baseUrl', server.baseUrl);
  project.provide('operator', await signUpOverHttp(server.baseUrl, 'Olive Operator'));
  return async () => {
    await server.stop();
    template?.remove();
  };
}
