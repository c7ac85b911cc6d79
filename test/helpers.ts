// Every test file gets a fresh database (a temporary SQLite file, or with DATABASE_URL a PostgreSQL
// schema of its own) and an in-process app listening on 127.0.0.1.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import { type App, type AppOptions, createApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createLogger, type Logger } from '../src/lib/logger.ts';
import type { Change } from '../src/core/representations.ts';
import type { WriteScope } from '../src/core/tenant.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { agingDrift } from '../src/modules/documents/index.ts';
import { representations } from '../src/registry.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';

export const usingPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export interface TestDatabase {
  db: Database;
  /** The URL/config a second process or a second open would use to reach the same database. */
  databaseUrl: string | undefined;
  /** PostgreSQL: the application_name this database's connections carry (so a test can terminate its own). */
  applicationName: string;
  dataDir: string;
  queries: string[];
  drop(): Promise<void>;
}

/** A fresh, empty (not migrated) database: a PostgreSQL schema of its own, or a temporary SQLite file. */
export function freshDatabase(): TestDatabase {
  const queries: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'acct-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let databaseUrl = `file:${join(dataDir, 'test.db')}`;
  if (usingPostgres) {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('schema', schema);
    url.searchParams.set('application_name', `acct-${schema}`);
    databaseUrl = url.toString();
  }
  const db = openDatabase(databaseUrl, dataDir, { onQuery: (q) => queries.push(q), guardTransactions: true });
  return {
    db,
    databaseUrl,
    applicationName: `acct-${schema}`,
    dataDir,
    queries,
    async drop() {
      await db.close().catch(() => {});
      if (usingPostgres) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/\?.*$/, '') });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestDatabase {
  app: App;
  url: string;
  config: Config;
  logs: string[];
  /** Creates an organization (with the standard chart) and an API key for it. */
  tenant(name?: string): Promise<{ organizationId: string; key: string }>;
  close(): Promise<void>;
}

export type ConfigOverrides = Omit<Partial<Config>, 'rateLimit' | 'webhooks'> & {
  rateLimit?: Partial<Config['rateLimit']>;
  webhooks?: Partial<Config['webhooks']>;
};

export async function createTestApp(
  overrides: ConfigOverrides = {},
  options: {
    onOperation?: (operation: string) => void;
    beforeCommit?: AppOptions['beforeCommit'];
    bus?: AppOptions['bus'];
    clock?: AppOptions['clock'];
  } = {},
): Promise<TestApp> {
  const database = freshDatabase();
  await migrate(database.db);
  await tuneDatabase(database.db);
  if (options.onOperation) {
    // Counts Prisma operations, not only SQL: Prisma batches per-row findUnique fallbacks into few SQL
    // statements, which would hide an N+1 from a statement count alone.
    const onOperation = options.onOperation;
    database.db.prisma = database.db.prisma.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          onOperation(`${model ?? ''}.${operation}`);
          return query(args);
        },
      },
    }) as unknown as Database['prisma'];
  }
  // Tests' webhook receivers listen on loopback, so private targets are allowed unless a test says otherwise.
  // FAST_PATHS=false in the environment runs the suite through the general paths alone (npm run test:general-paths).
  const defaults = loadConfig({ REDIS_URL: process.env.REDIS_URL, FAST_PATHS: process.env.FAST_PATHS, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' });
  // Each test app has its own Redis namespace, so quotas counted by other test files (sharing one Redis) do not leak in.
  const redisKeyPrefix = `test-${randomBytes(6).toString('hex')}`;
  // No load shedding unless a test asks: a test's own work (seeding, a second app migrating) runs on the
  // app's event loop, and a lag it causes is not the app's overload.
  const config: Config = {
    ...defaults,
    redisKeyPrefix,
    shedLoadLagMs: 0,
    // Tests drive the recurring runner, the mailer and the bulk runner themselves (drain()): no pass of their own on a timer.
    recurringPollMs: 3_600_000,
    mail: { ...defaults.mail, pollMs: 3_600_000 },
    bulk: { ...defaults.bulk, pollMs: 3_600_000 },
    ...overrides,
    rateLimit: {
      ...defaults.rateLimit,
      // A test that raises a key's quota raises its organization's with it, as RATE_LIMIT_PER_MINUTE does.
      organizationPoints: 10 * (overrides.rateLimit?.points ?? defaults.rateLimit.points),
      ...overrides.rateLimit,
    },
    webhooks: { ...defaults.webhooks, ...overrides.webhooks },
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  };
  const logs: string[] = [];
  const logger: Logger = createLogger(overrides.logLevel ?? 'warn', (line) => logs.push(line));
  const app = createApp({ config, db: database.db, logger, beforeCommit: options.beforeCommit, bus: options.bus, clock: options.clock });
  const address = await app.listen(0, '127.0.0.1');
  return {
    ...database,
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    logs,
    async tenant(name = `Org ${randomBytes(4).toString('hex')}`) {
      const organization = await createOrganization(database.db.prisma, { name });
      const { plaintext } = await createApiKey(database.db.prisma, organization.id, 'test key');
      return { organizationId: organization.id, key: plaintext };
    },
    async close() {
      await assertAgingKept(database);
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Fails when any organization's kept aging differs from what its documents say: every test that writes
 * documents checks, when it closes its database, that each write kept the aged reports' sums.
 */
export async function assertAgingKept(database: TestDatabase) {
  // A connection of its own: a test may have closed the app's (a restart, an outage).
  const db = openDatabase(database.databaseUrl, database.dataDir);
  try {
    const organizations = await db.prisma.organization.findMany({ select: { id: true, name: true } });
    for (const organization of organizations) {
      const drift = await agingDrift(db.prisma, organization.id);
      if (drift.length) throw new Error(`kept aging of ${organization.name} differs from its documents:\n${drift.join('\n')}`);
    }
  } finally {
    await db.close();
  }
}

// Built once per run by test/global-setup.ts, as `npm start` builds it.
const MAIN = new URL('../dist/main.js', import.meta.url).pathname;

export interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Every server process a test started: ended when the test process ends, whatever became of the test. */
const startedProcesses = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of startedProcesses) child.kill('SIGKILL');
});

/**
 * Runs the built server as `npm start` does, on port 0, and waits for its "listening" line (or its exit:
 * no wall-clock limit, which a busy machine would fail; the test's own timeout bounds it). It sheds no
 * load (SHED_LOAD_LAG_MS=0) unless the test says so: a lag the test's own work causes is not overload.
 */
export function startServerProcess(env: Record<string, string | undefined>): Promise<Started> {
  // node itself (not npm, which would run the server as a grandchild): a signal sent to `child`,
  // SIGKILL included, reaches the server.
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHED_LOAD_LAG_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedProcesses.add(child);
  let out = '';
  let err = '';
  let signal: NodeJS.Signals | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, killedBy) => {
      signal = killedBy;
      startedProcesses.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (match) resolve({ child, url: match[1], stdout: () => out, stderr: () => err, exited });
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    void exited.then((code) => {
      reject(Object.assign(new Error(`exited with ${code ?? signal}\nstdout: ${out}\nstderr: ${err}`), { code, stdout: out, stderr: err }));
    });
  });
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function http(
  base: string,
  path: string,
  init: { method?: string; key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function gql(base: string, key: string, query: string, variables: Record<string, unknown> = {}) {
  return http(base, '/graphql', { key, body: { query, variables } });
}

/** Checks the RFC 9457 problem shape every REST error shares. */
export function expectProblem(response: JsonResponse, status: number, code: string) {
  const problems: string[] = [];
  if (response.status !== status) problems.push(`status ${response.status}, expected ${status}`);
  if (!String(response.headers.get('content-type')).startsWith('application/problem+json'))
    problems.push(`content-type ${response.headers.get('content-type')}`);
  const b = response.body ?? {};
  if (b.code !== code) problems.push(`code ${b.code}, expected ${code}`);
  if (b.status !== status) problems.push(`body.status ${b.status}`);
  for (const field of ['type', 'title', 'detail', 'requestId'])
    if (typeof b[field] !== 'string' || !b[field]) problems.push(`missing ${field}`);
  if (JSON.stringify(b).includes('    at ')) problems.push('body contains a stack trace');
  if (problems.length) throw new Error(`not the expected problem: ${problems.join('; ')}\n${JSON.stringify(response.body)}`);
}

/** A migrated database with one organization, for calling services directly. */
export async function serviceFixture() {
  const database = freshDatabase();
  await migrate(database.db);
  await tuneDatabase(database.db);
  async function tenant(name = `Org ${randomBytes(4).toString('hex')}`) {
    const organization = await createOrganization(database.db.prisma, { name });
    return { prisma: database.db.prisma, organizationId: organization.id, organization };
  }
  async function accountId(t: { prisma: Database['prisma']; organizationId: string }, code: string) {
    return (await t.prisma.account.findUniqueOrThrow({ where: { organizationId_code: { organizationId: t.organizationId, code } } })).id;
  }
  const unitOfWork = createUnitOfWork({ db: database.db, representations });
  /** Runs a service as one write of the tenant's organization (as every surface does) and returns the row it produced. */
  async function run<Args extends unknown[], Row>(
    t: { organizationId: string },
    service: (scope: WriteScope, ...args: Args) => Promise<Change<Row>>,
    ...args: Args
  ): Promise<Row> {
    return (await unitOfWork.write(t.organizationId, { operation: service.name, input: args }, (scope) => service(scope, ...args)))
      .row as Row;
  }
  async function drop() {
    await assertAgingKept(database);
    await database.drop();
  }
  return { ...database, drop, tenant, accountId, run, unitOfWork };
}

/** Runs a promise that must fail, and returns its AppError (code, fieldErrors, details). */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; fieldErrors: { path: string; message: string }[]; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as any;
  }
  throw new Error('expected the operation to fail, but it succeeded');
}

/** Whether this machine has redis-server, for tests that start (and kill) a Redis of their own. */
export const hasRedisServer = (() => {
  try {
    return execFileSync('redis-server', ['--version'], { stdio: 'pipe' }).length > 0;
  } catch {
    return false;
  }
})();

export interface OwnRedis {
  url: string;
  /** SIGKILL: connections drop at once, nothing is saved. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, so an outage can be made without touching the shared one. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return; // running
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
        child!.stdout!.on('data', (chunk) => {
          out += chunk;
          if (out.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    },
    async kill() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}

/**
 * Waits until the app holds `count` open GraphQL subscriptions (its own gauge): a subscription is open
 * some time after the client sends it, and a test that writes before then would race it. Bounded, so a
 * subscription that never opens fails the test rather than hanging it; not a timing assertion.
 */
export async function untilOpenSubscriptions(app: App, count: number, ms = 20_000) {
  const gauge = app.metrics.registry.getSingleMetric('accounting_graphql_subscriptions');
  if (!gauge) throw new Error('the app has no subscriptions gauge');
  const deadline = Date.now() + ms;
  for (;;) {
    const open = (await gauge.get()).values[0]?.value ?? 0;
    if (open === count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} open subscriptions, the app holds ${open}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A raw graphql-transport-ws client of `subscription($after: ID) { events(after: $after) { id type } }`
 * (a library's client would hide pauses, close codes and operation ids). With `hop`, it starts a new
 * subscription after every event it receives, with `after` that event, ignoring whatever the old one
 * still had on its way: a resume at every position.
 */
export function rawSubscriber(url: string, key: string, options: { after?: string; hop?: boolean } = {}) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: any[] = [];
  const received: string[] = [];
  const problems: string[] = [];
  let closed: { code: number; reason: string } | undefined;
  let operation = 0;
  const subscribe = (after: string | undefined) =>
    socket.send(
      JSON.stringify({
        id: String(++operation),
        type: 'subscribe',
        payload: { query: 'subscription($after: ID) { events(after: $after) { id type } }', variables: { after } },
      }),
    );
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_ack') return subscribe(options.after);
    if (message.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
    if (message.id !== String(operation)) return; // a subscription this client has left
    messages.push(message);
    if (message.type === 'next' && message.payload.data?.events) {
      const id = message.payload.data.events.id as string;
      received.push(id);
      if (options.hop) {
        socket.send(JSON.stringify({ id: String(operation), type: 'complete' }));
        subscribe(id);
      }
    } else if (message.type !== 'complete') problems.push(JSON.stringify(message));
  });
  socket.on('close', (code, reason) => {
    closed = { code, reason: String(reason) };
    problems.push(`closed ${code} ${reason}`);
  });
  return {
    socket,
    /** Every message of the current subscription, in order. */
    messages,
    /** The ids of the events received, in order (across hops). */
    received,
    /** Anything but events and `complete`: errors, a close. */
    problems,
    get closed() {
      return closed;
    },
    close: () => socket.close(),
  };
}

export interface TestMailServer {
  /** SMTP_URL of the server. */
  url: string;
  /** Every mail taken, parsed, in order. */
  received: ParsedMail[];
  /** The next `n` mails are answered 451 (try again later). */
  failNext(n: number): void;
  /** The app's mail settings pointing at it, with retries at once. */
  settings(overrides?: Partial<Config['mail']>): Config['mail'];
  close(): Promise<void>;
}

const PDFTOTEXT = '/usr/bin/pdftotext';
/** Whether Poppler's pdftotext is here to read PDFs back; tests that need it are skipped, saying so, where it is not. */
export const havePdfText = existsSync(PDFTOTEXT);
if (!havePdfText) console.warn('SKIPPED: the PDF text tests need pdftotext (apt-get install -y poppler-utils; .ci/run installs it)');

/** A PDF's text as pdftotext lays it out, as a customer's mail client or a bookkeeping inbox would read it. */
export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * A real SMTP server (smtp-server) on loopback, as a customer's mail provider would be: it takes every
 * mail, refuses addresses starting `nobody@` for good (550), and answers 451 to the mails `failNext` says.
 */
export async function startMailServer(): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      callback(address.address.startsWith('nobody@') ? Object.assign(new Error('No such mailbox'), { responseCode: 550 }) : undefined),
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (failing > 0) {
          failing--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    failNext: (n) => {
      failing = n;
    },
    // Retries at once, and no pass on a timer: the test drains the mailer when it means to.
    settings: (overrides = {}) => ({ ...loadConfig({}).mail, smtpUrl: url, retryScheduleMs: [0, 0], pollMs: 3_600_000, ...overrides }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
