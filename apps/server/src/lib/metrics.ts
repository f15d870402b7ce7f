import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics. One registry per app instance (tests build several apps in one
 * process), created by `createMetrics` and decorated on the app as `app.metrics`.
 */
export interface Metrics {
  registry: Registry;
  /** Counts one answered request in the request latency histogram (by method, route pattern and status). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Failed calls to an outside service (Stripe, Asana, SMTP, …) by service. */
  upstreamErrors: Counter<'service'>;
  /** Jobs waiting or running, by kind and status; read from the jobs table when scraped. */
  jobQueueDepth: Gauge<'kind' | 'status'>;
}

/**
 * Outside calls fail deep inside adapters that know nothing of the app, so the counter belongs to the
 * process and every app's registry shows it: a server process runs one app, so the figures are its own.
 */
const upstreamErrors = new Counter({
  name: 'upstream_errors_total',
  help: 'Failed calls to outside services, by service',
  labelNames: ['service'],
  registers: [],
});

/** Counts one failed call to an outside service (unreachable, refused, answered an error or nonsense). */
export function countUpstreamError(service: string): void {
  upstreamErrors.inc({ service });
}

/** How many jobs wait or run, per kind and status; pairs with none are left out. */
export type QueueDepth = () => Promise<{ kind: string; status: string; count: number }[]>;

/** `queueDepth` is read at each scrape; the app passes the jobs module's count (lib/ knows no module). */
export function createMetrics(collectProcessMetrics: boolean, queueDepth: QueueDepth): Metrics {
  const registry = new Registry();
  if (collectProcessMetrics) collectDefaultMetrics({ register: registry });
  registry.registerMetric(upstreamErrors);
  // Every kind and status seen once keeps a series, at 0 when drained, so a dashboard sees the queue empty.
  const seen = new Set<string>();
  const jobQueueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs in the queue, by kind and status',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      let rows: { kind: string; status: string; count: number }[];
      try {
        rows = await queueDepth();
      } catch {
        // The database is down: no figure rather than a stale one, and the rest of the scrape still answers.
        this.reset();
        seen.clear();
        return;
      }
      for (const key of seen) {
        const [kind, status] = JSON.parse(key) as [string, string];
        this.set({ kind, status }, 0);
      }
      for (const row of rows) {
        seen.add(JSON.stringify([row.kind, row.status]));
        this.set({ kind: row.kind, status: row.status }, Number(row.count));
      }
    },
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // One labelled series per method, route pattern and status, found by a plain key: prom-client hashes the
  // labels object on every observe otherwise. Bounded by the routes and statuses the app has.
  const series = new Map<string, { observe(seconds: number): void }>();
  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const key = `${method} ${statusCode} ${route}`;
      let one = series.get(key);
      if (one === undefined) {
        one = httpDuration.labels({ method, route, status_code: String(statusCode) });
        series.set(key, one);
      }
      one.observe(seconds);
    },
    upstreamErrors,
    jobQueueDepth,
  };
}
