// `npm start`: configuration from the environment, then boot, then wait for SIGTERM/SIGINT.
import { limitHeapGrowth, returnIdleYoungGeneration } from './ops/v8-settings.ts'; // first: V8 flags before anything compiles
import { ConfigError, loadConfig } from './config.ts';
import { boot } from './boot.ts';
import { MigrationError } from './db/migrate.ts';
import { createLogger } from './lib/logger.ts';
import { startTracing } from './ops/tracing.ts';
import { API_VERSION } from './app.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`configuration error: ${error.message}`);
  process.exit(2);
}
limitHeapGrowth(config.heapGrowingPercent);
const logger = createLogger(config.logLevel);
// Before anything opens a connection: the drivers are instrumented when tracing starts.
const tracing = config.tracing
  ? await startTracing({ serviceName: process.env.OTEL_SERVICE_NAME || 'accounting-api', serviceVersion: API_VERSION })
  : undefined;

try {
  const { app, url, demoKey } = await boot(config, logger);
  const lines = [
    `Accounting API listening on ${url}  (GraphQL: ${url}/graphql, REST: ${url}/api/v1/, dashboard: ${url}/dashboard, health: ` +
      `${url}/healthz)`,
  ];
  const metrics = app.metricsAddress();
  if (metrics)
    lines.push(
      `Prometheus metrics at ` +
        `http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${metrics.port}/metrics`,
    );
  if (demoKey) {
    lines.push(
      'Created the "Demo Company" organization with a standard chart of accounts. Its API key (shown once):',
      `  ${demoKey}`,
      `Try: curl -H "Authorization: Bearer ${demoKey}" ${url}/api/v1/accounts`,
    );
  }
  returnIdleYoungGeneration();
  // One write, so a reader never sees the address without the key that goes with it.
  process.stdout.write(`${lines.join('\n')}\n`);
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    app.close().then(
      async () => {
        await tracing?.shutdown().catch((error) => logger.warn('flushing traces failed', { error }));
        process.exit(0);
      },
      (error) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof MigrationError) console.error(`cannot start: ${error.message}`);
  else if (code === 'EADDRINUSE') console.error(`cannot start: ${config.host}:${config.port} is already in use; set PORT to another port`);
  else if (code === 'EACCES') console.error(`cannot start: no permission to listen on ${config.host}:${config.port}; set PORT above 1024`);
  else console.error('cannot start:', error);
  process.exit(1);
}
