// `npm run build:server`: the server as two plain ES modules in dist/server, so a process starts
// without compiling TypeScript (tsx spent about 3 CPU-seconds of every start on it):
//   main.mjs           the process entry (src/server/main.ts)
//   engine.worker.mjs  an engine thread's tasks (engine-pool.ts finds it beside main.mjs)
//   pglite.worker.mjs  the embedded database's thread (pglite-thread.ts finds it beside main.mjs)
//   verify-track-record.mjs  the track record's standalone verifier, copied byte for byte: the
//                      server hands it to visitors, and its text is what they read before running it
// Packages stay imports from node_modules; source maps keep stack traces on the TypeScript lines.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_BUNDLE_DIR = path.resolve(import.meta.dirname, '../dist/server');
/** The bundled process entry, run as `node --enable-source-maps <SERVER_BUNDLE_ENTRY>`. */
export const SERVER_BUNDLE_ENTRY = path.join(SERVER_BUNDLE_DIR, 'main.mjs');

export async function buildServer(): Promise<void> {
  const src = path.resolve(import.meta.dirname, '../src/server');
  const result = await build({
    entryPoints: {
      main: path.join(src, 'main.ts'),
      'engine.worker': path.join(src, 'engine-pool/engine-tasks.ts'),
      'pglite.worker': path.join(src, 'db/pglite.worker.mjs'),
    },
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  });
  // Each file is replaced whole (written beside, then renamed): the browser and scale-out suites
  // build side by side while servers of theirs start, and none may load a half-written module.
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  const verifier = 'verify-track-record.mjs';
  const files = [
    ...result.outputFiles,
    {
      path: path.join(SERVER_BUNDLE_DIR, verifier),
      contents: readFileSync(path.join(src, 'modules/track-record', verifier)),
    },
  ];
  for (const file of files) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer();
}
