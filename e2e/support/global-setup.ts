import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server';
import { startDedicatedServer } from './dedicated-server';
import { signUpOverHttp, type HttpAccount } from './operator';
import { prepareTemplateDataDir } from './template-data';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's first account, which founds the operator organisation (an admin). */
    operator: HttpAccount;
    /** A data folder after a first market sync, with no account (template-data.ts). */
    templateDataDir: string;
  }
}

/**
 * Builds the web app and the server bundle, takes the template data folder (one first market
 * sync), and starts the shared server from a copy of it (a free port) for the browser tests, then
 * signs its operator up, so a test can ask for what only the back office can (e.g. an analysis
 * past the thresholds) instead of waiting on the simulated market's luck.
 */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite emit a development React build.
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');
  await buildServer();

  const template = await prepareTemplateDataDir();
  const server = await startDedicatedServer({}, { template: template.dir });
  project.provide('baseUrl', server.baseUrl);
  project.provide('operator', await signUpOverHttp(server.baseUrl, 'Olive Operator'));
  project.provide('templateDataDir', template.dir);
  return async () => {
    await server.stop();
    template.remove();
  };
}
