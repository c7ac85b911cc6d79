// The dashboard's only ways to the server: GraphQL over HTTP (POST /graphql) and graphql-ws on the same
// path. Both send the key in the Authorization header / connectionParams, never in a URL.
import { type Client, createClient } from 'graphql-ws';
import type { TypedDocumentString } from './generated/graphql.ts';
import { persistedOperationIds } from './generated/persisted-operations.ts';

/** Why a request failed, in words for the page. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'rate_limited' | 'unavailable' | 'failed',
    readonly retryAfterSeconds?: number,
    /** The error code the server gave, when it gave one. */
    readonly code?: string,
    /** What was wrong with each field, when the server named them (VALIDATION_FAILED). */
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; errors?: { path: string; message: string }[] } }[];
}

/** The persisted-operation id of a document (`npm run codegen` writes them), by its operation's name. */
function persistedIdOf(document: string): string | undefined {
  const name = /^\s*(?:query|mutation)\s+(\w+)/.exec(document)?.[1];
  return name ? persistedOperationIds[name] : undefined;
}

/**
 * POST /graphql. A known operation is sent by its id (`extensions.persistedQuery`), not its text: the
 * bodies stay small whatever the dashboard asks. A server that does not know the id (another version)
 * answers PERSISTED_QUERY_NOT_FOUND, and the text is sent instead.
 */
export async function request<TResult, TVariables>(
  key: string,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  const text = document.toString();
  const id = persistedIdOf(text);
  if (id) {
    try {
      return await post<TResult>(key, { extensions: { persistedQuery: { version: 1, sha256Hash: id } }, variables });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'PERSISTED_QUERY_NOT_FOUND')) throw error;
    }
  }
  return post<TResult>(key, { query: text, variables });
}

async function post<TResult>(key: string, body: object): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('The server cannot be reached.', 'unavailable');
  }
  const result = (await response.json().catch(() => ({}))) as GraphQLResponse<TResult>;
  if (response.status === 401)
    throw new ApiError('This API key was not accepted. Check that it is complete and has not been revoked.', 'unauthorized');
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after') ?? '5');
    throw new ApiError(`Too many requests for this key; trying again in ${retryAfter} s.`, 'rate_limited', retryAfter);
  }
  if (result.errors?.length || !result.data) {
    const first = result.errors?.[0];
    throw new ApiError(
      first?.message ?? `The server answered ${response.status}.`,
      response.status >= 500 ? 'unavailable' : 'failed',
      undefined,
      first?.extensions?.code,
      first?.extensions?.errors ?? [],
    );
  }
  return result.data;
}

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'unauthorized';

export interface ResumableStream {
  stop(): void;
}

/**
 * A subscription that survives dropped connections: after a drop it waits (1 s, doubling up to 15 s,
 * with jitter), then subscribes again with `after` set to the last item it delivered, so the server
 * replays what was missed. graphql-ws's own retry would resubscribe with the original variables and
 * replay from the first `after` again, so each attempt here is a fresh client instead.
 */
export function resumableStream<TResult, TItem extends { id: string }>(options: {
  key: string;
  document: TypedDocumentString<TResult, { after?: string | null }>;
  after: string | null;
  pick: (result: TResult) => TItem;
  onItem: (item: TItem) => void;
  onState: (state: StreamState, detail?: string) => void;
}): ResumableStream {
  let after = options.after;
  let stopped = false;
  let client: Client | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const url = new URL('/graphql', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';

  const retry = () => {
    options.onState('reconnecting');
    const delay = Math.min(15_000, 1000 * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    retryTimer = setTimeout(connect, delay);
  };

  function connect() {
    if (stopped) return;
    options.onState(failures ? 'reconnecting' : 'connecting');
    const current = createClient({
      url: url.toString(),
      connectionParams: { authorization: `Bearer ${options.key}` },
      retryAttempts: 0,
      lazy: true,
      on: {
        connected: () => {
          failures = 0;
          options.onState('live');
        },
      },
    });
    client = current;
    current.subscribe<TResult>(
      { query: options.document.toString(), variables: { after } },
      {
        next: (result) => {
          if (!result.data) return;
          const item = options.pick(result.data as TResult);
          after = item.id;
          options.onItem(item);
        },
        error: (error) => {
          void current.dispose();
          if (stopped) return;
          const code = (error as { code?: number } | undefined)?.code;
          if (code === 4401 || code === 4403) {
            options.onState('unauthorized', (error as { reason?: string }).reason || 'The API key was refused.');
            return;
          }
          retry();
        },
        complete: () => {
          // The server completes subscriptions when it shuts down: come back to its successor.
          void current.dispose();
          if (!stopped) retry();
        },
      },
    );
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      void client?.dispose();
    },
  };
}
