/**
 * One process at a time opens an embedded data folder. PGlite takes no lock of its own: a second
 * process opens the same DATA_DIR/pg and both write, which corrupts it. So every HeatSignal process
 * that opens it (the server, `npm run backup`, `restore` and `audit:verify`) first listens on
 * DATA_DIR/run/heatsignal.sock, and one that finds the socket answering leaves the folder alone. A
 * socket left by a process that died refuses connections and is taken over.
 *
 * The same socket is how `npm run backup` asks a running server for a backup (POST /backup): only
 * the server can read its database while it runs. Filesystem permissions are the authorisation, as
 * for PostgreSQL's own socket: DATA_DIR/run is 0700 and the socket 0600, so only the folder's
 * owner (and root) can connect, and nothing listens on the network.
 */
import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

export type Holder = 'server' | 'backup' | 'restore' | 'audit:verify';

/** sun_path holds 108 bytes on Linux (104 on macOS) with its terminating NUL; Node truncates silently. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/** DATA_DIR/run/heatsignal.sock; throws when the path is too long to be a socket's. */
export function socketPathOf(dataDir: string): string {
  const socketPath = path.join(path.resolve(dataDir), 'run', 'heatsignal.sock');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH)
    throw new Error(
      `the path of DATA_DIR's socket ${socketPath} is longer than the system allows (${MAX_SOCKET_PATH} bytes): use a shorter DATA_DIR`,
    );
  return socketPath;
}

/** Another live process holds the folder. */
export class DataDirBusyError extends Error {
  constructor(dataDir: string, holder: string) {
    super(`${dataDir} is in use by another HeatSignal process (${holder}); PGlite allows one process`);
    this.name = 'DataDirBusyError';
  }
}

/** Answers a request on the socket; the claim answers 503 until one is set. */
export type SocketHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface DataDirClaim {
  socketPath: string;
  handle(handler: SocketHandler): void;
  /** Stops listening (letting a backup in flight finish) and removes the socket. */
  close(): Promise<void>;
}

/** GET / on the socket: who answers, or null when nothing listens (no file, or a dead socket). */
export function askHolder(socketPath: string): Promise<string | null> {
  return new Promise((resolve) => {
    const ask = request(
      { socketPath, path: '/', method: 'GET', agent: false, timeout: 10_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve(body.trim() || 'unknown'));
      },
    );
    ask.on('timeout', () => ask.destroy(new Error('no answer within 10 s')));
    ask.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      // Something is there that does not answer as it should: not ours to take over.
      else resolve(`its socket does not answer: ${error.code ?? error.message}`);
    });
    ask.end();
  });
}

export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  const socketPath = socketPathOf(dataDir);
  const runDir = path.dirname(socketPath);
  await mkdir(runDir, { recursive: true, mode: 0o700 });
  await chmod(runDir, 0o700);
  const other = await askHolder(socketPath);
  if (other !== null) throw new DataDirBusyError(path.resolve(dataDir), other);
  await unlink(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });

  let handler: SocketHandler | undefined;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.end(`${holder === 'server' ? 'the server' : `npm run ${holder}`}, pid ${process.pid}\n`);
    } else if (handler) {
      handler(req, res);
    } else {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: `DATA_DIR is held by ${holder === 'server' ? 'a server still starting' : `npm run ${holder}`}`,
        }),
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new DataDirBusyError(path.resolve(dataDir), 'it just started') : error,
      ),
    );
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  // A connection in flight must not keep the process alive on its own.
  server.unref();

  let closing: Promise<void> | undefined;
  return {
    socketPath,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => unlink(socketPath).catch(() => undefined))),
  };
}
