import { buildApp } from './app';
import { DataDirBusyError } from './backup/data-dir-claim';
import { claimDataDirForServer } from './backup/server-claim';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { SHUTDOWN_DEADLINE_MS, shutDown } from './shutdown';

/** Process entry: configuration, database and migrations, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  // PGlite takes no lock of its own: the data folder's socket is the claim, and serves backups.
  const claim = config.databaseUrl ? undefined : await claimDataDirForServer(config.dataDir);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  claim?.serve(database, app.log);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs, the process is gone within the deadline; work it held is retried elsewhere.
    setTimeout(() => {
      app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline reached, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS - 500).unref();
    // The database last: closing the app waits for the work that still writes to it.
    shutDown(app)
      .then(() => claim?.close())
      .then(() => database.close())
      .then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // ROLE=api only serves; ROLE=all and ROLE=worker run market data, analyses and upkeep.
  if (config.role !== 'api') app.worker.start();
  app.log.info(
    { url: config.publicUrl, database: database.kind, role: config.role, market: config.marketSource },
    'HeatSignal is running',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('HeatSignal failed to start:', error);
  }
  process.exit(1);
});
