import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from './events';
import { listOffersEndpoint } from './offers';
import type { z } from 'zod';
const server = new Server<ClientToServerEvents, ServerToClientEvents>();
server.to('x').emit('analysis_status', { pair: 'BTC/USD', analysisId: 'a', status: 'running', stage: 'fetch', progress: 10 });
// @ts-expect-error wrong payload
server.emit('worker_log', { pair: 'BTC/USD' });
const s: Socket<ServerToClientEvents, ClientToServerEvents> = io('/', { transports: ['websocket'] });
s.on('trade_update', (t) => console.log(t.id, t.status, t.profit));
s.on('connect_error', (e) => console.log(e.message));
// @ts-expect-error no client emits
s.emit('anything', 1);
type Q = z.input<typeof listOffersEndpoint.query>;
const q: Q = { limit: '5', status: 'open,hot' };
console.log(q);
