import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startDedicatedServer } from './dedicated-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the web app and starts the real server (its own data folder, a free port) for the browser tests. */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite emit a development React build.
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');

  const server = await startDedicatedServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
