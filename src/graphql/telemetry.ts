// What an operator sees of GraphQL operations: each one's name goes into the request log line (the
// front door writes it) and its duration, type and outcome into the metrics.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { HttpExchange } from '../core/request-context.ts';
import type { Metrics } from '../lib/metrics.ts';

export function useOperationTelemetry(metrics: Metrics): Plugin {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = operation?.name?.value ?? '(anonymous)';
      const type = operation?.operation ?? 'query';
      const exchange = (args.contextValue as { exchange?: HttpExchange }).exchange;
      if (exchange) exchange.operation = name;
      const started = performance.now();
      return {
        onExecuteDone({ result }) {
          const ok = !('errors' in result && result.errors?.length);
          metrics.operation(name, type, ok, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
