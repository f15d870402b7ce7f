// Lighthouse (mobile preset) on the production build, with Debian's Chromium. Beside each page it measures, in
// the same run, that page's reference: the same server-rendered HTML and CSS with every script taken out, served
// by a small server of the bench that hands everything else (styles, images, fonts) to the app. What a busy
// machine does to both shows in the reference; what the page's JavaScript costs shows in the difference.
//
//   node bench/lighthouse.mjs [--runs N] [path …]     (every public page by default; N runs each, worst kept)
import { createServer, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { freePort, startServer } from './server.mjs';

/** Every public page (signed-in pages are checked with axe-core in the browser journeys). */
const PAGES = [
  '/',
  '/project-plans',
  '/project-plans/project-planning-made-easy-with-5-simple-principles',
  '/ai',
  '/register',
  '/user-login',
  '/login',
  '/reset-password',
  '/about',
  '/terms-of-use',
  '/support',
  '/resources',
  '/privacy-policy',
  '/contact-us',
  '/country',
  '/appsumo',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The goals of every public page, by category (0–100). */
const GOALS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 90 };
/**
 * The goals of the loading metrics, on every public page; the JavaScript one on `/` only. Unused JavaScript:
 * the most any one script of the page loads without running it, as Lighthouse estimates it on the wire (it
 * names only scripts above 20 KiB).
 */
const METRIC_GOALS = { 'TBT ms': 150, 'LCP s': 1.8, CLS: 0.05, 'unused JS KiB': 20 };
/** The figures of a page other than its category scores, in the table's order. */
const METRICS = ['LCP s', 'TBT ms', 'CLS', 'JS kB gzip', 'unused JS KiB'];
const JS_GOAL = { page: '/', kB: 120 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The page as the server renders it, without a script: no `<script>` element, no module preload. */
export function withoutScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

/**
 * The reference pages' server: each measured path answers its page without scripts; any other request goes to
 * the app as it came, so styles, images and fonts are the app's own.
 */
async function startReferenceServer(appUrl) {
  const pages = new Map();
  const app = new URL(appUrl);
  const server = createServer((req, res) => {
    const html = req.method === 'GET' ? pages.get(req.url) : undefined;
    if (html !== undefined) {
      // Compressed as the app sends its pages, so the two weigh the same on the wire.
      const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
      if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return res.writeHead(200, headers).end(html);
      return res.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipSync(html));
    }
    const upstream = request(
      { host: app.hostname, port: app.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async add(path) {
      const res = await fetch(appUrl + path, { headers: { accept: 'text/html' } });
      pages.set(path, withoutScripts(await res.text()));
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Bytes of a response as sent gzipped (node:http does not decompress). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/** Lighthouse's report of the page; a run whose trace could not be recorded (e.g. NO_NAVSTART) is made again. */
async function lighthouseReport(url, port, attempts = 3) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!lhr.runtimeError) return lhr;
  console.log(`${url}: Lighthouse could not record the run (${lhr.runtimeError.code})${attempts > 1 ? ', again' : ''}`);
  if (attempts <= 1) throw new Error(`Lighthouse could not record ${url}: ${lhr.runtimeError.message}`);
  return lighthouseReport(url, port, attempts - 1);
}

async function measure(url, port) {
  const lhr = await lighthouseReport(url, port);
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => r.url);
  const jsBytes = (await Promise.all(scripts.map(gzipBytes))).reduce((sum, bytes) => sum + bytes, 0);
  const result = {
    'LCP s': lhr.audits['largest-contentful-paint'].numericValue / 1000,
    'TBT ms': lhr.audits['total-blocking-time'].numericValue,
    CLS: lhr.audits['cumulative-layout-shift'].numericValue,
    'JS kB gzip': jsBytes / 1000,
    'unused JS KiB':
      Math.max(0, ...(lhr.audits['unused-javascript'].details?.items ?? []).map((item) => item.wastedBytes)) / 1024,
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id} (${a.displayValue ?? a.score})`),
  };
  for (const c of CATEGORIES) result[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return result;
}

/** The worst of several runs, figure by figure: lowest scores, highest times, shift and bytes. */
function worst(runs) {
  const result = { failing: [...new Set(runs.flatMap((r) => r.failing))] };
  for (const c of CATEGORIES) result[c] = Math.min(...runs.map((r) => r[c]));
  for (const m of METRICS) result[m] = Math.max(...runs.map((r) => r[m]));
  return result;
}

const FORMAT = { 'LCP s': (v) => v.toFixed(2), 'TBT ms': (v) => String(Math.round(v)), CLS: (v) => v.toFixed(3) };
const format = (metric, value) => (FORMAT[metric] ?? ((v) => String(Math.round(v))))(value);
/** A reference that shows as more than zero: a share of a figure that rounds to 0 says nothing. */
const measurable = (metric, reference) => Number(format(metric, reference)) > 0;
/** A figure beside its reference's: `92 (93%)` reads "92, which is 93% of the reference". */
const beside = (metric, value, reference) =>
  measurable(metric, reference)
    ? `${format(metric, value)} (${Math.round((value / reference) * 100)}%)`
    : format(metric, value);

/** Each goal the page misses, said as a figure and as a share of its reference in the same run. */
function misses(path, page, reference) {
  const said = [];
  const miss = (metric, goal, atMost) => {
    const [value, ref] = [page[metric], reference[metric]];
    const share = (figure) => `${Math.round((figure / ref) * 100)}%`;
    const ratio = measurable(metric, ref)
      ? `; reference ${format(metric, ref)}: page at ${share(value)} of it, goal ${share(goal)}`
      : '';
    said.push(`${path} ${metric} ${format(metric, value)} (goal ${atMost ? '<=' : '>='} ${goal}${ratio})`);
  };
  for (const c of CATEGORIES) if (page[c] < GOALS[c]) miss(c, GOALS[c], false);
  for (const [metric, goal] of Object.entries(METRIC_GOALS)) if (page[metric] > goal) miss(metric, goal, true);
  if (path === JS_GOAL.page && page['JS kB gzip'] > JS_GOAL.kB) miss('JS kB gzip', JS_GOAL.kB, true);
  return said;
}

export async function benchLighthouse(pages = PAGES, runs = 1) {
  const chromePath = ensureChromium();
  const app = await startServer({ LOG_LEVEL: 'warn' });
  const references = await startReferenceServer(app.url);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows = [];
  const missed = [];
  try {
    for (const path of pages) {
      // Measured as visitors meet a page: the server renders it once, then answers from its cache.
      await references.add(path);
      const pageRuns = [];
      const referenceRuns = [];
      // Page and reference take turns, so a machine that gets busier weighs on both.
      for (let run = 0; run < runs; run++) {
        pageRuns.push(await measure(app.url + path, chrome.port));
        referenceRuns.push(await measure(references.url + path, chrome.port));
      }
      const page = worst(pageRuns);
      const reference = worst(referenceRuns);
      const row = { page: path };
      for (const c of CATEGORIES) row[c] = beside(c, page[c], reference[c]);
      for (const m of METRICS) row[m] = beside(m, page[m], reference[m]);
      row['reference perf / LCP s / TBT ms'] =
        `${reference.performance} / ${format('LCP s', reference['LCP s'])} / ${format('TBT ms', reference['TBT ms'])}`;
      rows.push(row);
      missed.push(...misses(path, page, reference));
      if (page.failing.length) console.log(`${path}: audits below 0.9: ${page.failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    await references.stop();
    await app.stop();
  }
  console.log(
    `\nLighthouse, mobile preset, worst of ${runs} run(s) per page; each figure with its share of the same page ` +
      'without scripts, measured in the same run (goals: performance >= 95, accessibility >= 95, best practices ' +
      `>= 95, SEO >= 90, TBT <= 150 ms, LCP <= 1.8 s, CLS <= 0.05, unused JS <= 20 KiB per script; JS on / <= ` +
      `${JS_GOAL.kB} kB gzip)`,
  );
  console.table(rows);
  if (missed.length > 0) {
    console.log(`Goals NOT met:\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('Every page meets every goal.');
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--runs');
  const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 1;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
  await benchLighthouse(args.length ? args : PAGES, runs);
}
