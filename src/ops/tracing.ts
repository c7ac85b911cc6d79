// OpenTelemetry traces, when asked for (OTEL_EXPORTER_OTLP_ENDPOINT): a span for each HTTP request, each
// GraphQL operation and each database statement, exported over OTLP/HTTP. Off by default, and then
// nothing of the SDK is loaded and the request path only tests one boolean.
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

export const tracer: Tracer = trace.getTracer('accounting-api');

let active = false;
/** Whether spans are being recorded (startTracing ran). */
export const tracing = () => active;

export interface Tracing {
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Registers the SDK: W3C trace context from incoming `traceparent` headers, spans kept per async context,
 * exported in batches over OTLP/HTTP (the exporter reads the OTEL_EXPORTER_OTLP_* settings itself), or to
 * `exporter` one by one (tests). Database statements are traced at the drivers (see instrumentDrivers).
 */
export async function startTracing(options: { serviceName: string; serviceVersion: string; exporter?: SpanExporter }): Promise<Tracing> {
  const [
    { TracerProvider, BatchSpanProcessor, SimpleSpanProcessor },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': options.serviceVersion }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  await instrumentDrivers();
  active = true;
  return {
    async shutdown() {
      active = false;
      await provider.shutdown();
    },
  };
}

/** Runs `work` inside a span that is the active one (its statements and operations become its children). */
export function inSpan<T>(span: Span, work: () => T): T {
  return context.with(trace.setSpan(context.active(), span), work);
}

/** Ends a span, marking it failed when `error` is given. */
export function endSpan(span: Span, error?: unknown) {
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}

/** The context an incoming request carries (`traceparent`), to parent its span. */
export const incomingContext = (headers: Record<string, string | string[] | undefined>) => propagation.extract(context.active(), headers);

export { SpanKind };

/**
 * A span per statement, at the two drivers every query goes through: node-postgres' `Client#query`
 * (Prisma's adapter, the compiled reader and the raw write path all use it) and better-sqlite3's
 * statements. By hand because the official pg instrumentation hooks `require`, which the bundled
 * server's ES-module imports never pass through, and there is none for better-sqlite3.
 */
async function instrumentDrivers() {
  const [{ default: pg }, { default: Sqlite }] = await Promise.all([import('pg'), import('better-sqlite3')]);
  const statementSpan = (system: string, sql: string) =>
    tracer.startSpan(`${system} ${/^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY'}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': system, 'db.query.text': sql.slice(0, 2000) },
    });

  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if (!text) return query.apply(this, args);
    const span = statementSpan('postgresql', text);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // The pool's own queries pass a callback.
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endSpan(span, error ?? undefined);
        return (callback as (error: unknown, result: unknown) => unknown)(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    return result.then(
      (value) => (endSpan(span), value),
      (error) => {
        endSpan(span, error);
        throw error;
      },
    );
  } as typeof pg.Client.prototype.query;

  const probe = new Sqlite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statement[method];
    statement[method] = function tracedStatement(this: { source: string }, ...args: unknown[]) {
      const span = statementSpan('sqlite', this.source);
      let failed: unknown;
      try {
        return original.apply(this, args);
      } catch (error) {
        failed = error;
        throw error;
      } finally {
        endSpan(span, failed);
      }
    };
  }
}
