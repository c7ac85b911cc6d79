// Fan-out without repeating work: when an event reaches the N subscribers of an organization that run
// the same subscription document with the same variables, the event is executed into a result once and
// that result goes to all N (graphql-js would execute it N times). The bus hands every local subscriber
// the same event object, so results are kept per event object (a WeakMap: gone with the event) and per
// (organization, document, variables, operation). Replayed events (`after`) are read per subscriber and
// never shared. Tenancy holds: the organization is part of the key, and events are per organization.
// Refusals and limits (cost, text, cursors) still run once per subscription, in onSubscribe; error
// masking still applies to each result (onSubscribeResult).
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult, locatedError, print } from 'graphql';

const shared = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function documentKey(args: ExecutionArgs): string {
  const organizationId = (args.contextValue as { organizationId?: string } | undefined)?.organizationId ?? '';
  const text = args.document.loc?.source.body ?? print(args.document);
  return `${organizationId}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}\u0000${text}`;
}

function executeShared(payload: unknown, key: string, args: ExecutionArgs): Promise<ExecutionResult> {
  if (!payload || typeof payload !== 'object') return Promise.resolve(execute({ ...args, rootValue: payload }));
  let results = shared.get(payload);
  if (!results) shared.set(payload, (results = new Map()));
  let result = results.get(key);
  if (!result) results.set(key, (result = Promise.resolve(execute({ ...args, rootValue: payload }))));
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
    onSubscribe: ({ setSubscribeFn }: { setSubscribeFn: (fn: (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>) => void }) => {
      setSubscribeFn(async (args) => {
        const source = await createSourceEventStream(args);
        if (!(Symbol.asyncIterator in (source as object))) return source as ExecutionResult; // refused: errors only
        return mapStream(source as AsyncIterableIterator<unknown>, documentKey(args), args);
      });
    },
  };
}
