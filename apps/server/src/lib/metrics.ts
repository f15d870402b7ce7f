import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics. One registry per app instance (tests build several apps in one
 * process), created by `createMetrics` and decorated on the app as `app.metrics`.
 */
export interface Metrics {
  registry: Registry;
  /** Request latency by method, route pattern and status. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Failed calls to an outside service (Stripe, Asana, SMTP, …) by service. */
  upstreamErrors: Counter<'service'>;
  /** Jobs waiting or running, by kind and status; read from the jobs table when scraped. */
  jobQueueDepth: Gauge<'kind' | 'status'>;
}

export function createMetrics(collectProcessMetrics: boolean): Metrics {
  const registry = new Registry();
  if (collectProcessMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency in seconds',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'upstream_errors_total',
      help: 'Failed calls to outside services, by service',
      labelNames: ['service'],
      registers: [registry],
    }),
    jobQueueDepth: new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs in the queue, by kind and status',
      labelNames: ['kind', 'status'],
      registers: [registry],
    }),
  };
}
