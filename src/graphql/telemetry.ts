// What an operator sees of GraphQL operations: each one's name goes into the request log line (the
// front door writes it), its duration, type and outcome into the metrics, and, with tracing on, a span.
// By hand rather than @envelop/opentelemetry: that plugin pins the 1.x SDK and wraps every resolver.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { HttpExchange } from '../core/request-context.ts';
import type { Metrics } from '../ops/metrics.ts';
import { endSpan, inSpan, tracer, tracing } from '../ops/tracing.ts';

/**
 * One operation observed: its name in the request log, a span (with tracing on) active while `run` runs,
 * its duration and outcome in the metrics when `done` is told. The plugin below observes GraphQL's
 * operations; REST's reads that skip their document (http/rest.ts) observe themselves with it, so the
 * log, metrics and traces cannot tell the two paths apart.
 */
export function observeOperation(
  metrics: Metrics,
  name: string,
  type: string,
  contextValue: { exchange?: HttpExchange; requestId?: string },
) {
  if (contextValue.exchange) contextValue.exchange.operation = name;
  const started = performance.now();
  // With tracing on, a span for the operation, active while it runs, so its statements nest under it.
  const span = tracing()
    ? tracer.startSpan(`${type} ${name}`, {
        attributes: { 'graphql.operation.name': name, 'graphql.operation.type': type, 'request.id': contextValue.requestId ?? '' },
      })
    : undefined;
  return {
    run: <T>(work: () => T): T => (span ? inSpan(span, work) : work()),
    done(ok: boolean) {
      metrics.operation(name, type, ok, (performance.now() - started) / 1000);
      if (span) endSpan(span, ok ? undefined : 'the operation answered errors');
    },
  };
}

export function useOperationTelemetry(metrics: Metrics): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      const observed = observeOperation(
        metrics,
        operation?.name?.value ?? '(anonymous)',
        operation?.operation ?? 'query',
        args.contextValue as { exchange?: HttpExchange; requestId?: string },
      );
      if (tracing()) setExecuteFn((executionArgs) => observed.run(() => executeFn(executionArgs)));
      return {
        onExecuteDone({ result }) {
          observed.done(!('errors' in result && result.errors?.length));
        },
      };
    },
  };
}
