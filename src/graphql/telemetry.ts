// What an operator sees of GraphQL operations: each one's name goes into the request log line (the
// front door writes it), its duration, type and outcome into the metrics, and, with tracing on, a span.
// By hand rather than @envelop/opentelemetry: that plugin pins the 1.x SDK and wraps every resolver.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { HttpExchange } from '../core/request-context.ts';
import type { Metrics } from '../lib/metrics.ts';
import { endSpan, inSpan, tracer, tracing } from '../lib/tracing.ts';

export function useOperationTelemetry(metrics: Metrics): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      const name = operation?.name?.value ?? '(anonymous)';
      const type = operation?.operation ?? 'query';
      const exchange = (args.contextValue as { exchange?: HttpExchange }).exchange;
      if (exchange) exchange.operation = name;
      const started = performance.now();
      // With tracing on, a span for the operation, active while it runs, so its statements nest under it.
      const span = tracing()
        ? tracer.startSpan(`${type} ${name}`, {
            attributes: {
              'graphql.operation.name': name,
              'graphql.operation.type': type,
              'request.id': (args.contextValue as { requestId?: string }).requestId ?? '',
            },
          })
        : undefined;
      if (span) setExecuteFn((executionArgs) => inSpan(span, () => executeFn(executionArgs)));
      return {
        onExecuteDone({ result }) {
          const ok = !('errors' in result && result.errors?.length);
          metrics.operation(name, type, ok, (performance.now() - started) / 1000);
          if (span) endSpan(span, ok ? undefined : 'the operation answered errors');
        },
      };
    },
  };
}
