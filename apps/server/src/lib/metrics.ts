import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics. One registry per app instance (tests build several apps in one
 * process), created by `createMetrics` and decorated on the app as `app.metrics`.
 */
export interface Metrics {
  registry: Registry;
  /** Counts one answered request in the request latency histogram (by method, route pattern and status). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** The histogram's series of one method, route pattern and status, for a caller that counts into it often. */
  requestSeries(method: string, route: string, statusCode: number): RequestSeries;
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
  const requestDurations = new RequestDurations();
  registry.registerMetric(requestDurations.asMetric());
  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDurations.series(method, route, statusCode).observe(seconds);
    },
    requestSeries: (method, route, statusCode) => requestDurations.series(method, route, statusCode),
    upstreamErrors,
    jobQueueDepth,
  };
}

/** One labelled series of a histogram: what a caller counts answers into. */
export interface RequestSeries {
  observe(seconds: number): void;
}

const REQUEST_DURATION = 'http_request_duration_seconds';
const REQUEST_DURATION_HELP = 'HTTP request latency in seconds';
/** Upper bounds of the request histogram's buckets, in seconds (prom-client's defaults). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestLabel = 'method' | 'route' | 'status_code';

/** One line of the metric as prom-client's registry writes it: `metricName{labels} value`. */
interface MetricValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A series' counts as plain numbers: an observation is a few additions, nothing allocated or looked up. */
class DurationSeries implements RequestSeries {
  /** Observations per bucket, not cumulative; the last one counts those above every bound. */
  readonly perBucket: number[] = new Array(REQUEST_BUCKETS.length + 1).fill(0);
  sum = 0;
  count = 0;

  constructor(readonly labels: Readonly<Record<RequestLabel, string>>) {}

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[bucket] as number)) bucket++;
    this.perBucket[bucket] = (this.perBucket[bucket] as number) + 1;
    this.sum += seconds;
    this.count += 1;
  }

  reset(): void {
    this.perBucket.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

/**
 * The request latency histogram, by method, route pattern and status. Every answer is counted in it, so an
 * observation must cost next to nothing: prom-client's Histogram validates and hashes the labels and converts
 * the bucket bound to a property name on each one, which was a tenth of what a cached read cost beyond node's
 * own HTTP work (ADR 0041). Here a series is found once and holds plain counts; the registry reads them as the
 * same metric (name, type, buckets, labels, text) when scraped.
 */
class RequestDurations {
  private readonly all = new Map<string, DurationSeries>();

  /** Bounded by the routes and statuses the app has. */
  series(method: string, route: string, statusCode: number): DurationSeries {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.all.get(key);
    if (series === undefined) {
      series = new DurationSeries({ method, route, status_code: String(statusCode) });
      this.all.set(key, series);
    }
    return series;
  }

  /** What prom-client's registry reads of a metric (its Histogram's shape): name, type, and values on scraping. */
  asMetric(): Metric {
    const metric = {
      name: REQUEST_DURATION,
      help: REQUEST_DURATION_HELP,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => this.values(),
      // Series are held by those who count into them: they stay, at zero.
      reset: () => {
        for (const series of this.all.values()) series.reset();
      },
    };
    // Not one of prom-client's classes, but what its registry asks of one.
    return metric as unknown as Metric;
  }

  /** The values as prom-client's Histogram gives them: cumulative buckets up to +Inf, then sum and count. */
  private values() {
    const values: MetricValue[] = [];
    for (const series of this.all.values()) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((le, bucket) => {
        cumulative += series.perBucket[bucket] as number;
        values.push({ metricName: `${REQUEST_DURATION}_bucket`, labels: { le, ...series.labels }, value: cumulative });
      });
      values.push(
        { metricName: `${REQUEST_DURATION}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count },
        { metricName: `${REQUEST_DURATION}_sum`, labels: { ...series.labels }, value: series.sum },
        { metricName: `${REQUEST_DURATION}_count`, labels: { ...series.labels }, value: series.count },
      );
    }
    return { name: REQUEST_DURATION, help: REQUEST_DURATION_HELP, type: 'histogram', values, aggregator: 'sum' };
  }
}
