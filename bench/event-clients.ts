// The subscribers of `npm run bench:events`, in a process of their own (the writer runs apart). They
// stand in for clients on other machines, so they must cost this machine as little as a client can:
// WebSocket by hand over `net` (a client library's per-message work would take the CPU the server is
// being measured on), each frame looked at only as far as the check needs (its event id, and createdAt
// on one client in ten for the latency).
//
// Driven over IPC by bench/events.ts:
//   { connect: { urls, keys, count, query } }  -> { connected: n } once every subscription is acknowledged
//   { reset: true }                            -> forgets what was received so far (after the warm-up)
//   { check: { logIds } }                      -> { report } : every client's stream against the log
//   { close: true }                            -> exits
import { randomBytes } from 'node:crypto';
import { connect as tcp, type Socket } from 'node:net';
import { percentile } from './stats.ts';

interface Subscriber {
  socket: Socket;
  /** Event ids received, interned as numbers. */
  received: number[];
  errors: string[];
  closed?: { code: number; reason: string };
  completed: boolean;
  timesLatency: boolean;
}

const interned = new Map<string, number>();
const intern = (id: string) => interned.get(id) ?? (interned.set(id, interned.size), interned.size - 1);
const subscribers: Subscriber[] = [];
/** Commit-to-receipt latency, ms (createdAt is stamped in the committing transaction). */
let latencies: number[] = [];

/** A client frame (masked, as RFC 6455 requires of clients): text (1), close (8) or pong (10). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const header = payload.length < 126 ? 2 : 4;
  const frame = Buffer.alloc(header + 4 + payload.length);
  frame[0] = 0x80 | opcode;
  if (header === 2) frame[1] = 0x80 | payload.length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, header);
  for (let i = 0; i < payload.length; i++) frame[header + 4 + i] = payload[i] ^ mask[i % 4];
  return frame;
}
const sendJson = (socket: Socket, message: unknown) => socket.write(clientFrame(1, Buffer.from(JSON.stringify(message))));

const NEXT = Buffer.from('"type":"next"');
const EVENT_ID = Buffer.from('"id":"evt_');
const CREATED = Buffer.from('"createdAt":"');
const ERRORS = Buffer.from('"errors"');

function connect(url: string, key: string, query: string, timesLatency: boolean): Promise<Subscriber> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = tcp({ host: hostname, port: Number(port) });
    socket.setNoDelay(true);
    const subscriber: Subscriber = { socket, received: [], errors: [], completed: false, timesLatency };
    let upgraded = false;
    let pending: Buffer = Buffer.alloc(0);
    socket.on('connect', () => {
      socket.write(
        `GET /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ` +
          `${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`,
      );
    });
    const onText = (frame: Buffer) => {
      if (frame.indexOf(NEXT) > 0 && frame.indexOf(ERRORS) < 0) {
        const at = frame.indexOf(EVENT_ID);
        subscriber.received.push(intern(frame.toString('latin1', at + 6, frame.indexOf(0x22, at + 6))));
        if (subscriber.timesLatency) {
          const created = frame.indexOf(CREATED);
          if (created > 0)
            latencies.push(Date.now() - Date.parse(frame.toString('latin1', created + 13, frame.indexOf(0x22, created + 13))));
        }
        return;
      }
      const message = JSON.parse(frame.toString());
      if (message.type === 'connection_ack') {
        sendJson(socket, { id: '1', type: 'subscribe', payload: { query } });
        subscribers.push(subscriber);
        resolve(subscriber);
      } else if (message.type === 'next' && message.payload.errors) subscriber.errors.push(JSON.stringify(message.payload.errors));
      else if (message.type === 'error') subscriber.errors.push(JSON.stringify(message.payload));
      else if (message.type === 'complete') subscriber.completed = true;
      else if (message.type === 'ping') sendJson(socket, { type: 'pong' });
    };
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.toString('latin1', 0, 12).includes('101')) return reject(new Error(pending.toString('latin1', 0, end)));
        upgraded = true;
        pending = pending.subarray(end + 4);
        sendJson(socket, { type: 'connection_init', payload: { authorization: `Bearer ${key}` } });
      }
      // Server frames: unmasked; 2, 4 or 10 bytes of header.
      for (;;) {
        if (pending.length < 2) break;
        const opcode = pending[0] & 0x0f;
        let length = pending[1] & 0x7f;
        let header = 2;
        if (length === 126) {
          if (pending.length < 4) break;
          length = pending.readUInt16BE(2);
          header = 4;
        } else if (length === 127) {
          if (pending.length < 10) break;
          length = Number(pending.readBigUInt64BE(2));
          header = 10;
        }
        if (pending.length < header + length) break;
        const payload = pending.subarray(header, header + length);
        pending = pending.subarray(header + length);
        if (opcode === 1) onText(payload);
        else if (opcode === 9) socket.write(clientFrame(10, Buffer.from(payload)));
        else if (opcode === 8) {
          subscriber.closed = { code: payload.length >= 2 ? payload.readUInt16BE(0) : 1005, reason: payload.toString('utf8', 2) };
          socket.end();
        }
      }
      if (pending.length === 0) pending = Buffer.alloc(0);
    });
    socket.on('close', () => {
      subscriber.closed ??= { code: 1006, reason: '' };
      reject(new Error('closed'));
    });
    socket.on('error', () => {});
  });
}

process.on('message', async (message: any) => {
  if (message.connect) {
    const { urls, keys, count, query } = message.connect as { urls: string[]; keys: string[]; count: number; query: string };
    const batch = 50;
    for (let i = 0; i < count; i += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, (_, j) =>
          connect(urls[(i + j) % urls.length], keys[(i + j) % keys.length], query, (i + j) % 10 === 0),
        ),
      );
    }
    process.send!({ connected: subscribers.length });
  } else if (message.reset) {
    for (const s of subscribers) s.received = [];
    latencies = [];
    process.send!({ reset: true });
  } else if (message.check) {
    // Every client's stream must be a contiguous run of the log, in its order, ending at its end.
    const log = (message.check.logIds as string[]).map(intern);
    const position = new Map(log.map((id, i) => [id, i]));
    let complete = 0;
    let gaps = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    let messages = 0;
    const examples: string[] = [];
    for (const s of subscribers) {
      messages += s.received.length;
      const positions = s.received.map((id) => position.get(id) ?? -1);
      const seen = new Set<number>();
      let ok = positions.length > 0;
      for (let i = 0; i < positions.length; i++) {
        if (seen.has(positions[i])) duplicates++, (ok = false);
        seen.add(positions[i]);
        if (i > 0 && positions[i] < positions[i - 1]) outOfOrder++, (ok = false);
        else if (i > 0 && positions[i] > positions[i - 1] + 1) gaps++, (ok = false);
      }
      if (positions.length && positions[positions.length - 1] !== log.length - 1) ok = false;
      if (ok) complete++;
      else if (examples.length < 3)
        examples.push(
          `client ${subscribers.indexOf(s)}: ${positions.length} received, first at ${positions[0]}, last at ${positions.at(-1)} of ` +
            `${log.length}; errors ${s.errors.slice(0, 1)}; closed ${JSON.stringify(s.closed ?? null)}`,
        );
    }
    latencies.sort((a, b) => a - b);
    process.send!({
      report: {
        clients: subscribers.length,
        complete,
        gaps,
        duplicates,
        outOfOrder,
        messages,
        ended: subscribers.filter((s) => s.errors.length).length,
        closed: subscribers.filter((s) => s.closed).length,
        latencyP50: percentile(latencies, 50),
        latencyP99: percentile(latencies, 99),
        examples,
      },
    });
  } else if (message.close) {
    for (const s of subscribers) s.socket.destroy();
    process.exit(0);
  }
});
