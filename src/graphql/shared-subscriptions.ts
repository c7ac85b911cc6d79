// Fan-out without repeating work. Over graphql-ws, a live event stream is handed to
// http/live-delivery.ts (deliverLive in the root value), which executes and serializes each event once
// per group of like subscribers. Elsewhere (one subscriber iterating alone): when an event reaches the N
// subscribers of an organization that run the same subscription document with the same variables and
// scopes, the event is executed into a result once and that result goes to all N (graphql-js would execute it N times). The bus hands
// every local subscriber
// the same event object, so results are kept per event object (a WeakMap: gone with the event) and per
// (organization, document, variables, operation). Replayed events (`after`) are read per subscriber and
// never shared. Tenancy holds: the organization is part of the key, and events are per organization.
// Refusals and limits (cost, text, cursors) still run once per subscription, in onSubscribe; error
// masking still applies to each result (onSubscribeResult).
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult, locatedError, print } from 'graphql';
import { type LiveEventSource, liveSourceOf } from '../events/stream.ts';

/** What graphql-ws's sockets put in the root value: delivery of a live event stream by http/live-delivery.ts. */
export interface LiveDeliveryRoot {
  deliverLive(source: LiveEventSource, args: ExecutionArgs): AsyncIterableIterator<ExecutionResult>;
}

const shared = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function documentKey(args: ExecutionArgs): string {
  const context = args.contextValue as { organizationId?: string; apiKey?: { scopes?: string[] } } | undefined;
  const scopes = [...(context?.apiKey?.scopes ?? [])].sort().join(' '); // a field's answer may depend on them
  const text = args.document.loc?.source.body ?? print(args.document);
  return [context?.organizationId ?? '', scopes, args.operationName ?? '', JSON.stringify(args.variableValues ?? {}), text].join('\u0000');
}

function executeShared(payload: unknown, key: string, args: ExecutionArgs): Promise<ExecutionResult> {
  if (!payload || typeof payload !== 'object') return Promise.resolve(execute(Object.assign({}, args, { rootValue: payload })));
  let results = shared.get(payload);
  if (!results) shared.set(payload, (results = new Map()));
  let result = results.get(key);
  if (!result) results.set(key, (result = Promise.resolve(execute(Object.assign({}, args, { rootValue: payload })))));
  return result;
}

/** The source stream mapped through the shared execution; `return()` (a client unsubscribing) reaches the source. */
function mapStream(source: AsyncIterableIterator<unknown>, key: string, args: ExecutionArgs): AsyncIterableIterator<ExecutionResult> {
  let failed = false;
  return {
    async next() {
      if (failed) return { done: true, value: undefined };
      let item: IteratorResult<unknown>;
      try {
        item = await source.next();
      } catch (error) {
        // The source ended with an error (a subscriber too far behind): the client gets it as a result's
        // error, with its code and details through the same masking as any other, then the end.
        failed = true;
        return { done: false, value: { data: null, errors: [locatedError(error, undefined)] } };
      }
      return item.done ? { done: true, value: undefined } : { done: false, value: await executeShared(item.value, key, args) };
    },
    async return() {
      await source.return?.();
      return { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

export function useSharedSubscriptionResults() {
  return {
    onSubscribe: ({
      setSubscribeFn,
    }: {
      setSubscribeFn: (fn: (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>) => void;
    }) => {
      setSubscribeFn(async (args) => {
        const source = await createSourceEventStream(args);
        if (!(Symbol.asyncIterator in (source as object))) return source as ExecutionResult; // refused: errors only
        // Over a socket, a live event stream is delivered for all its organization's subscribers at once.
        const live = liveSourceOf(source);
        const root = args.rootValue as Partial<LiveDeliveryRoot> | undefined;
        if (live && root?.deliverLive) return root.deliverLive(live, args);
        return mapStream(source as AsyncIterableIterator<unknown>, documentKey(args), args);
      });
    },
  };
}
