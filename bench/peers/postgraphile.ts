// PostGraphile 5 (the amber preset) over the bench's PostgreSQL schema, as a peer the service is measured
// beside (BENCH_PEERS=postgraphile in bench/http.ts): the best generic GraphQL facade compiles each
// operation into one SQL statement. Plain, as its documentation sets it up: no API key check, no rate
// limit, no cost limit; every table of the schema exposed. Its sessions have the service's settings.
//   node dist/peer-postgraphile.js <postgresql://…?schema=name>
// Prints "listening on http://127.0.0.1:<port>" as the service does.
import { createServer } from 'node:http';
import { pgSessionOptions } from '../../src/db/pg-session.ts';

// PostGraphile needs Promise.withResolvers (Node 22); this machine runs Node 20.
const withResolvers = <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
(Promise as unknown as { withResolvers?: unknown }).withResolvers ??= withResolvers;

const url = new URL(process.argv[2] ?? '');
const schema = url.searchParams.get('schema') ?? 'public';
url.searchParams.delete('schema');

const { postgraphile } = await import('postgraphile');
const { PostGraphileAmberPreset } = await import('postgraphile/presets/amber');
const { makePgService } = await import('postgraphile/adaptors/pg');
const { grafserv } = await import('postgraphile/grafserv/node');

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [
    makePgService({ connectionString: url.toString(), schemas: [schema], poolConfig: { max: 10, options: pgSessionOptions(schema) } }),
  ],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
  grafast: { explain: false },
});
const serv = pgl.createServ(grafserv);
const server = createServer();
serv.addTo(server);
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void pgl.release();
});
