import { describe, expect, it } from 'vitest';
import { SOCKET_MESSAGES, socketOptions, watchConnection, type AppSocket } from './socket';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: named listeners, `active` and the manager's events. */
class FakeSocket {
  active = true;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly managerListeners = new Map<string, Set<Listener>>();
  readonly io = {
    on: (name: string, fn: Listener) => add(this.managerListeners, name, fn),
    off: (name: string, fn: Listener) => this.managerListeners.get(name)?.delete(fn),
  };
  on(name: string, fn: Listener) {
    add(this.listeners, name, fn);
  }
  off(name: string, fn: Listener) {
    this.listeners.get(name)?.delete(fn);
  }
  emit(name: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(name) ?? []) fn(...args);
  }
  emitManager(name: string) {
    for (const fn of this.managerListeners.get(name) ?? []) fn();
  }
  listenerCount() {
    let n = 0;
    for (const set of [...this.listeners.values(), ...this.managerListeners.values()]) n += set.size;
    return n;
  }
}

function add(map: Map<string, Set<Listener>>, name: string, fn: Listener) {
  const set = map.get(name) ?? new Set<Listener>();
  set.add(fn);
  map.set(name, set);
}

function transportError(): Error {
  return Object.assign(new Error('websocket error'), { type: 'TransportError' });
}

function watch() {
  const socket = new FakeSocket();
  const shown: string[] = [];
  const dismissed: string[] = [];
  const stop = watchConnection(socket as unknown as AppSocket, {
    show: (message) => shown.push(message),
    dismiss: (id) => dismissed.push(id),
  });
  return { socket, shown, dismissed, stop };
}

describe('watchConnection', () => {
  it('reports a server that cannot be reached once however often the reconnection loop fails', () => {
    const { socket, shown } = watch();
    for (let i = 0; i < 5; i += 1) socket.emit('connect_error', transportError());
    expect(shown).toEqual([SOCKET_MESSAGES.websocketFailed]);
  });

  it('reports the next outage again after a successful connect, and clears the disconnect notice', () => {
    const { socket, shown, dismissed } = watch();
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    socket.emit('connect_error', transportError());
    expect(shown).toEqual([SOCKET_MESSAGES.disconnected]);
    socket.emit('connect');
    expect(dismissed).toContain('socket-disconnected');
    socket.emit('connect_error', new Error('timeout'));
    expect(shown).toEqual([SOCKET_MESSAGES.disconnected, SOCKET_MESSAGES.error]);
  });

  it('says the connection failed when the server refuses it (socket.io will not retry)', () => {
    const { socket, shown } = watch();
    socket.active = false;
    socket.emit('connect_error', new Error('Authentication failed'));
    expect(shown).toEqual([SOCKET_MESSAGES.failed]);
  });

  it('stays quiet when the screen closes its own socket', () => {
    const { socket, shown } = watch();
    socket.emit('connect');
    socket.emit('disconnect', 'io client disconnect');
    expect(shown).toEqual([]);
  });

  it("shows the server's error event text and the manager giving up", () => {
    const { socket, shown } = watch();
    socket.emit('error', { message: 'Session ended' });
    socket.emit('connect_error', transportError());
    socket.emitManager('reconnect_failed');
    expect(shown).toEqual(['Session ended', SOCKET_MESSAGES.websocketFailed, SOCKET_MESSAGES.failed]);
  });

  it('removes every listener it added when stopped', () => {
    const { socket, stop } = watch();
    expect(socket.listenerCount()).toBeGreaterThan(0);
    stop();
    expect(socket.listenerCount()).toBe(0);
  });
});

describe('socketOptions', () => {
  it('follows the spec: websocket only, unlimited retries 1-5 s with jitter 0.5, 20 s timeout', () => {
    const options = socketOptions({ token: 'tok', userId: 'u1' });
    expect(options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      query: { userId: 'u1' },
      auth: { token: 'tok' },
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
  });

  it("connects anonymously without a token, with userId 'anonymous'", () => {
    const options = socketOptions({ token: null, userId: null });
    expect(options.query).toEqual({ userId: 'anonymous' });
    expect(options.auth).toBeUndefined();
  });
});
