// The subscribers of `npm run bench:events`, in a process of their own (the writer runs apart): plain
// graphql-transport-ws over `ws`, each message looked at only as far as the check needs (its event id and
// createdAt), so the clients cost as little as a client can.
//
// Driven over IPC by bench/events.ts:
//   { connect: { urls, keys, count, query } }  -> { connected: n } once every subscription is acknowledged
//   { reset: true }                            -> forgets what was received so far (after the warm-up)
//   { check: { logIds } }                      -> { report } : every client's stream against the log
//   { close: true }                            -> exits
import WebSocket from 'ws';

interface Subscriber {
  socket: WebSocket;
  /** Event ids received, interned as numbers. */
  received: number[];
  errors: string[];
  closed?: { code: number; reason: string };
  completed: boolean;
}

const interned = new Map<string, number>();
const intern = (id: string) => interned.get(id) ?? (interned.set(id, interned.size), interned.size - 1);
const subscribers: Subscriber[] = [];
/** Commit-to-receipt latency of every message, ms (createdAt is stamped in the committing transaction). */
let latencies: number[] = [];

function connect(url: string, key: string, query: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const subscriber: Subscriber = { socket, received: [], errors: [], completed: false };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
    socket.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('{"id"') && text.includes('"type":"next"') && !text.includes('"errors"')) {
        const at = text.indexOf('"id":"evt_', 10);
        const id = text.slice(at + 6, text.indexOf('"', at + 6));
        subscriber.received.push(intern(id));
        const created = text.indexOf('"createdAt":"');
        if (created > 0) latencies.push(Date.now() - Date.parse(text.slice(created + 13, text.indexOf('"', created + 13))));
        return;
      }
      const message = JSON.parse(text);
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
        subscribers.push(subscriber);
        resolve(subscriber);
      } else if (message.type === 'next' && message.payload.errors) subscriber.errors.push(JSON.stringify(message.payload.errors));
      else if (message.type === 'error') subscriber.errors.push(JSON.stringify(message.payload));
      else if (message.type === 'complete') subscriber.completed = true;
      else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });
    socket.on('close', (code, reason) => {
      subscriber.closed = { code, reason: reason.toString() };
      reject(new Error(`closed ${code} ${reason}`));
    });
    socket.on('error', () => {});
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

process.on('message', async (message: any) => {
  if (message.connect) {
    const { urls, keys, count, query } = message.connect as { urls: string[]; keys: string[]; count: number; query: string };
    const batch = 50;
    for (let i = 0; i < count; i += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => connect(urls[(i + j) % urls.length], keys[(i + j) % keys.length], query)));
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
      else if (examples.length < 3) examples.push(`client ${subscribers.indexOf(s)}: ${positions.length} received, first at ${positions[0]}, last at ${positions.at(-1)} of ${log.length}; errors ${s.errors.slice(0, 1)}; closed ${JSON.stringify(s.closed ?? null)}`);
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
    for (const s of subscribers) s.socket.terminate();
    process.exit(0);
  }
});
