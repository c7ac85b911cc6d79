// GraphQL over WebSocket (the graphql-ws protocol) on /graphql, beside HTTP on the same port. Every
// connection gets the one request context (same key check, same rate limit, same error catalogue),
// operations run through the same enveloped Yoga schema (validation, limits, error masking), and:
//   - a missing, bad or revoked key closes the socket with 4401 and a message saying why; a rate limit
//     4429, an unavailable database or rate-limit store 4503 (REFUSAL_CLOSE_CODES);
//   - each started subscription counts against the key's rate limit, and a key holds at most
//     MAX_SUBSCRIPTIONS_PER_KEY open subscriptions on an instance;
//   - open connections re-check their key every few seconds, so a revoked key is dropped;
//   - live events are delivered by http/live-delivery.ts, once per group of like subscribers;
//   - a ping every KEEP_ALIVE_MS: a client that has not answered the previous one is not reading, and
//     its subscriptions end with where to resume (resumeAfter) before the socket closes with 4408;
//   - closing the app completes open subscriptions and closes the sockets cleanly.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { type DocumentNode, type ExecutionArgs, GraphQLError, Kind } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { checkApiKey } from '../core/api-keys.ts';
import { BEARER, type CreateRequestContext, type RequestContext } from '../core/request-context.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { AppError, type ErrorCode } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Yoga } from '../graphql/context.ts';
import { toAppError } from '../graphql/errors.ts';
import { liveDelivery } from './live-delivery.ts';
import type { LiveDeliveryRoot } from '../graphql/shared-subscriptions.ts';

/** Execution arguments that carry the enveloped execute and subscribe of the request they were built for. */
type EnvelopedArgs = ExecutionArgs & { rootValue: Pick<ReturnType<Yoga['getEnveloped']>, 'execute' | 'subscribe'> & LiveDeliveryRoot };

export interface GraphQLWsOptions {
  server: Server;
  yoga: Yoga;
  db: Database;
  /** Revocations announced by any instance (at once with Redis), and the live events. */
  bus: Pick<EventBus, 'onRevocation' | 'subscribe' | 'opened'>;
  createContext: CreateRequestContext;
  logger: Logger;
  /** Yoga's error masking, for live results (delivered outside Yoga's result stream). */
  maskError: (error: unknown, message: string) => Error;
  maxSubscriptionsPerKey: number;
  recheckMs: number;
  /** How often each socket is pinged; a socket that has not answered the previous ping is ended. */
  keepAliveMs: number;
  /** Largest message a client may send, as HTTP caps a body: a larger frame closes the socket (1009) before it is held. */
  maxMessageBytes: number;
  /** Sockets one address may have open before their key is accepted; past it they are closed at once (4429). */
  maxUnidentifiedPerAddress: number;
  metrics?: Pick<Metrics, 'subscriptionEnded'>;
}

/** What graphql-ws's ws adapter hands every hook about a connection. */
const TOO_MANY_STRANGERS = 'Too many connections from this address are waiting to say who they are; send connection_init';

interface Extra extends Record<PropertyKey, unknown> {
  socket: import('ws').WebSocket;
  request: IncomingMessage;
}

/** A connection's own state: its context, the key it presented, and its open subscriptions. */
interface Connection {
  extra: Extra;
  /** graphql-ws's own state of the connection: its running operations, by id. */
  operations: Record<string, AsyncGenerator | AsyncIterable<unknown> | null>;
  context: RequestContext;
  token: string;
  subscriptions: Set<string>;
  /** Answered the last ping. */
  alive: boolean;
}

/** The key of an accepted connection's credentials (createContext has checked them against the same rule). */
const bearer = (authorization: string | undefined | null) => BEARER.exec(authorization ?? '')?.[1] ?? '';

const credentialsOf = (params: Record<string, unknown> | undefined, request: IncomingMessage) => {
  const fromParams = params?.authorization ?? params?.Authorization;
  return {
    authorization: typeof fromParams === 'string' ? fromParams : request.headers.authorization,
    address: request.socket.remoteAddress,
  };
};

/**
 * How a refused connection closes, by the error's catalogue code: graphql-ws's 4401 for a key, and
 * 4429 / 4503 (the HTTP status plus 4000, as graphql-ws numbers its own) so a client can tell "back
 * off and retry" from a bug; 4500 is left for what really is one. Anything else a client sent wrong is 4400.
 */
export const REFUSAL_CLOSE_CODES: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: CloseCode.Unauthorized,
  RATE_LIMITED: 4429,
  SERVICE_UNAVAILABLE: 4503,
};

/** A close frame's reason holds at most 123 bytes of UTF-8 (RFC 6455); longer messages are cut at a character. */
export function closeReason(message: string): string {
  if (Buffer.byteLength(message) <= 123) return message;
  let cut = message.slice(0, 120);
  while (Buffer.byteLength(`${cut}…`) > 123) cut = cut.slice(0, -1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** How long a socket that sent a frame it may not has to read the close frame before it is let go. */
const BAD_FRAME_GRACE_MS = 1_000;

const refusal = (error: unknown) => {
  const appError = toAppError(error) ?? new AppError('INTERNAL', 'Unexpected error');
  return new GraphQLError(appError.message, { extensions: { code: appError.code, status: appError.status, ...appError.details } });
};

// Long on purpose: one closure over the WebSocket server and its sockets' bookkeeping (per key, per address,
// rechecks), which graphql-ws's hooks share.
export function attachGraphQLWs({
  server,
  yoga,
  db,
  bus,
  createContext,
  logger,
  maskError,
  maxSubscriptionsPerKey,
  recheckMs,
  keepAliveMs,
  maxMessageBytes,
  maxUnidentifiedPerAddress,
  metrics,
}: GraphQLWsOptions) {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: maxMessageBytes });
  const connections = new Map<Extra, Connection>();
  const openByKey = new Map<string, number>();
  const delivery = liveDelivery({ bus, logger, maskError, metrics });

  // graphql-ws's own keep-alive would terminate a client that stops reading (1006, nothing said); this one
  // tells it where to resume first. The ping waits behind whatever the socket still has to send, so a
  // client that reads slowly but reads answers in time, and one that stopped reading does not.
  const UNRESPONSIVE = 'The client stopped reading: it did not answer a ping in time';
  const keepAlive = setInterval(() => {
    const silent: Connection[] = [];
    for (const connection of connections.values()) {
      const { socket } = connection.extra;
      if (socket.readyState !== socket.OPEN) continue;
      if (!connection.alive) silent.push(connection);
      connection.alive = false;
      socket.ping();
    }
    // Judged after the sockets' pending input is read (setImmediate runs after this turn's I/O): a timer
    // that fired late on a busy loop must not take an answer still waiting to be read for none.
    if (silent.length) {
      setImmediate(() => {
        for (const connection of silent) {
          const { socket } = connection.extra;
          if (connection.alive || socket.readyState !== socket.OPEN) continue;
          delivery.endSocket(socket, `${UNRESPONSIVE}, and its subscriptions were ended`);
          // The endings leave through graphql-ws first (next, complete), then the close frame.
          setTimeout(() => socket.close(4408, UNRESPONSIVE), 100).unref();
        }
      });
    }
  }, keepAliveMs);
  keepAlive.unref();

  // A revoked key is dropped as soon as its revocation is announced (every instance hears it through
  // Redis before any event published after it), and in any case within `recheckMs`: one lookup per
  // distinct key and period, however many connections present it (revocations made while Redis was away,
  // or by a tool that could not reach it).
  const REVOKED = 'The API key has been revoked';
  const EXPIRED = 'The API key has expired';
  const stopListening = bus.onRevocation((apiKeyId) => {
    for (const connection of connections.values())
      if (connection.context.apiKey.id === apiKeyId) connection.extra.socket.close(CloseCode.Unauthorized, REVOKED);
  });
  const recheck = setInterval(() => {
    const byToken = new Map<string, Connection[]>();
    for (const connection of connections.values()) byToken.set(connection.token, [...(byToken.get(connection.token) ?? []), connection]);
    for (const [token, holders] of byToken) {
      void checkApiKey(db, token).then(
        (still) => {
          if (typeof still !== 'string') return;
          const why = still === 'expired' ? EXPIRED : REVOKED;
          for (const connection of holders) connection.extra.socket.close(CloseCode.Unauthorized, why);
        },
        () => {}, // the database is unreachable: keep the connections, look again next time
      );
    }
  }, recheckMs);
  recheck.unref();

  function release(connection: Connection | undefined, id: string) {
    if (!connection?.subscriptions.delete(id)) return;
    const keyId = connection.context.apiKey.id;
    const open = (openByKey.get(keyId) ?? 1) - 1;
    if (open <= 0) openByKey.delete(keyId);
    else openByKey.set(keyId, open);
  }

  const disposable = useServer<Record<string, unknown>, Extra>(
    {
      onConnect: async (ctx) => {
        const credentials = credentialsOf(ctx.connectionParams, ctx.extra.request);
        try {
          const context = await createContext(credentials, randomUUID());
          const connection: Connection = {
            extra: ctx.extra,
            operations: ctx.subscriptions as Connection['operations'],
            context,
            token: bearer(credentials.authorization),
            subscriptions: new Set(),
            alive: true,
          };
          connections.set(ctx.extra, connection);
          strangers.get(ctx.extra.socket)?.();
          ctx.extra.socket.on('pong', () => (connection.alive = true));
          return true;
        } catch (error) {
          const appError = toAppError(error);
          if (!appError) logger.error('graphql-ws connection failed', { error });
          const code = appError ? (REFUSAL_CLOSE_CODES[appError.code] ?? CloseCode.BadRequest) : CloseCode.InternalServerError;
          ctx.extra.socket.close(code, closeReason(appError?.message ?? 'Unexpected error'));
          return false;
        }
      },
      onSubscribe: async (ctx, id, payload) => {
        const connection = connections.get(ctx.extra)!;
        // Each operation is a request of its own: the key checked again, one point of its rate limit.
        let context: RequestContext;
        try {
          context = await createContext(credentialsOf(ctx.connectionParams, ctx.extra.request), randomUUID());
        } catch (error) {
          return [refusal(error)];
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped(context);
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : refusal(error)];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors;
        if (document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'subscription')) {
          const keyId = connection.context.apiKey.id;
          const open = openByKey.get(keyId) ?? 0;
          if (open >= maxSubscriptionsPerKey) {
            return [
              refusal(
                new AppError(
                  'RATE_LIMITED',
                  `This API key already holds ${open} open subscriptions, the most allowed (${maxSubscriptionsPerKey}); complete one first`,
                ),
              ),
            ];
          }
          openByKey.set(keyId, open + 1);
          connection.subscriptions.add(id);
        }
        const args: EnvelopedArgs = {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: {
            execute,
            subscribe,
            deliverLive: (source, live) => delivery.attach(ctx.extra.socket, ctx.extra.request.socket, id, source, live),
          },
        };
        return args;
      },
      execute: (args) => (args as EnvelopedArgs).rootValue.execute(args),
      subscribe: (args) => (args as EnvelopedArgs).rootValue.subscribe(args),
      onComplete: (ctx, id) => release(connections.get(ctx.extra), id),
      onClose: (ctx) => {
        const connection = connections.get(ctx.extra);
        for (const id of [...(connection?.subscriptions ?? [])]) release(connection, id);
        connections.delete(ctx.extra);
      },
    },
    wss,
    0, // the keep-alive above
  );
  // A stranger's sockets: until a socket's key is accepted it is a stranger's, and each may hold a frame
  // of up to maxMessageBytes while graphql-ws waits (3 s) for its connection_init. One address may have
  // maxUnidentifiedPerAddress such sockets at once; more are closed at once (4429).
  const unidentified = new Map<string, number>();
  /** Each stranger's socket's way out of its address's count: once its key is accepted, or it closes. */
  const strangers = new WeakMap<object, () => void>();
  wss.on('connection', (socket, request: IncomingMessage) => {
    const address = request.socket.remoteAddress ?? 'unknown';
    const count = (unidentified.get(address) ?? 0) + 1;
    unidentified.set(address, count);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (unidentified.get(address) ?? 1) - 1;
      if (left > 0) unidentified.set(address, left);
      else unidentified.delete(address);
    };
    socket.once('close', uncount);
    strangers.set(socket, uncount);
    if (count > maxUnidentifiedPerAddress) socket.close(4429, TOO_MANY_STRANGERS);
  });

  // graphql-ws takes any socket error for its own fault (console.error, close 1011). A client's bad frame,
  // one past maxMessageBytes above all, is the client's: ws has already sent the close frame with the code
  // that says why (1009, 1002), so it is logged at debug; anything else is logged as the error it is.
  // ws then reads on, dropping the rest of the frame, to hear the client's close: a frame that declared
  // 8 MB had this thread read and drop 8 MB. The socket stops being read instead (TCP holds the client
  // back; ws resumes it on the next tick, so this pauses after that) and is let go a moment later.
  wss.on('connection', (socket, request: IncomingMessage) => {
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code?.startsWith('WS_ERR_')) {
        setImmediate(() => request.socket.pause());
        setTimeout(() => socket.terminate(), BAD_FRAME_GRACE_MS).unref();
        return logger.debug('a client sent a WebSocket frame it may not', { code: error.code });
      }
      logger.error('WebSocket socket error', { error });
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
  });

  return {
    /** Open connections and subscriptions on this instance (for the metrics). */
    stats: () => {
      let subscriptions = 0;
      for (const count of openByKey.values()) subscriptions += count;
      return { connections: connections.size, subscriptions };
    },
    /** Completes open subscriptions and closes every socket. */
    async close() {
      clearInterval(recheck);
      clearInterval(keepAlive);
      stopListening();
      // Ending each subscription's stream makes graphql-ws send the client `complete`; then the sockets
      // close with 1001 (going away).
      const ending = [...connections.values()].flatMap((c) =>
        Object.values(c.operations).map((op) => (op as AsyncGenerator | null)?.return?.(undefined)),
      );
      await Promise.allSettled(ending);
      await new Promise((resolve) => setTimeout(resolve, 50)); // the complete messages leave before the close frames
      await disposable.dispose();
      delivery.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      logger.debug('graphql-ws closed');
    },
  };
}

/**
 * Subscriptions run over graphql-ws only. Yoga would also serve one over HTTP (server-sent events), but
 * such a stream has none of the socket's rules: it escapes the per-key cap on open subscriptions and the
 * re-check that drops a revoked key, so a revoked key kept receiving its organization's events. Over
 * HTTP a subscription is refused before it starts, saying where to open it.
 */
export function useSubscriptionsOverWebSocketOnly() {
  return {
    onSubscribe: ({
      args,
      setResultAndStopExecution,
    }: {
      args: { contextValue: { request?: unknown } };
      setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
    }) => {
      if (!args.contextValue.request) return; // graphql-ws: its context has no HTTP request
      const message =
        'Subscriptions are served over graphql-ws: open a WebSocket to /graphql (protocol graphql-transport-ws) and subscribe there';
      setResultAndStopExecution({
        errors: [
          new GraphQLError(message, {
            extensions: {
              code: 'VALIDATION_FAILED',
              status: 400,
              errors: [{ path: 'query', message: 'is a subscription, which this transport does not run' }],
              http: { status: 400 },
            },
          }),
        ],
      });
    },
  };
}
