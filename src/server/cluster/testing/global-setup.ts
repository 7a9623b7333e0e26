import { buildServer } from '../../../../scripts/build-server';

/** The scale-out suite's processes run the bundled server: built once before the suite. */
export default async function setup(): Promise<void> {
  await buildServer();
}
