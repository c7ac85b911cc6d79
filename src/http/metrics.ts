// The metrics listener (METRICS_PORT): Prometheus' text format at /metrics, on a port of its own so it
// is never reachable where the API is published unless an operator puts it there.
import { createServer, type Server } from 'node:http';
import type { Metrics } from '../ops/metrics.ts';

export function metricsServer(metrics: Metrics): Server {
  metrics.collectProcessMetrics();
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics')
      return res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Nothing here; the metrics are at /metrics\n');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('collecting the metrics failed\n'),
    );
  });
}
