import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

/** Durations that fall in the first bucket, on a bound, between bounds and above every bound. */
const SECONDS = [0, 0.0001, 0.005, 0.0051, 0.3, 0.9999, 10, 11.5];

/** prom-client's own Histogram, as the request histogram was made before: what the scrape must still read. */
function promClientHistogram() {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, histogram };
}

describe('the request histogram', () => {
  it('is scraped as the same text as prom-client’s Histogram fed the same answers', async () => {
    const metrics = createMetrics(false, async () => []);
    const reference = promClientHistogram();
    // Series are written in the order they were first counted into (or, for a held one, taken).
    const held = metrics.requestSeries('GET', '/api/plan/get', 304);
    reference.histogram.zero({ method: 'GET', route: '/api/plan/get', status_code: '304' });
    for (const seconds of SECONDS) {
      metrics.observeRequest('GET', '/api/plan/get', 200, seconds);
      reference.histogram.labels({ method: 'GET', route: '/api/plan/get', status_code: '200' }).observe(seconds);
      held.observe(seconds / 2);
      reference.histogram.labels({ method: 'GET', route: '/api/plan/get', status_code: '304' }).observe(seconds / 2);
    }
    metrics.observeRequest('POST', 'unmatched', 404, 0.02);
    reference.histogram.labels({ method: 'POST', route: 'unmatched', status_code: '404' }).observe(0.02);

    const ours = await metrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(ours).toBe(await reference.registry.getSingleMetricAsString('http_request_duration_seconds'));
    expect(ours).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/plan/get",status_code="200"} 8',
    );
    expect(ours).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/plan/get",status_code="200"} 3',
    );
    expect(ours).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="unmatched",status_code="404"} 1',
    );
    expect(await metrics.registry.metrics()).toContain(ours);
  });

  it('counts into the same series whether it is held or found by its labels', async () => {
    const metrics = createMetrics(false, async () => []);
    const held = metrics.requestSeries('GET', '/api/countries', 200);
    held.observe(0.001);
    metrics.observeRequest('GET', '/api/countries', 200, 0.002);
    expect(metrics.requestSeries('GET', '/api/countries', 200)).toBe(held);
    expect(await metrics.registry.getSingleMetricAsString('http_request_duration_seconds')).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/countries",status_code="200"} 2',
    );
  });

  it('is zeroed by a reset of the registry, its held series still counting', async () => {
    const metrics = createMetrics(false, async () => []);
    const held = metrics.requestSeries('GET', '/api/countries', 200);
    held.observe(0.001);
    metrics.registry.resetMetrics();
    held.observe(0.001);
    expect(await metrics.registry.getSingleMetricAsString('http_request_duration_seconds')).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/countries",status_code="200"} 1',
    );
  });
});
