// Lighthouse (mobile preset) on the production build, with Debian's Chromium. Beside each page it measures, in
// the same run, that page's reference: the same server-rendered HTML and CSS with every script taken out, served
// by a small server of the bench that hands everything else (styles, images, fonts) to the app. What a busy
// machine does to both shows in the reference; what the page's JavaScript costs shows in the difference.
// Each page and its reference run in turns, five times by default, in two columns: Lighthouse's simulated
// throttling (the trace recorded at full speed, then replayed on a modelled slow phone) and its devtools throttling
// (the CPU slowed 4× and the network throttled while the trace is recorded). A figure is the median of its runs,
// printed with their spread, so one noisy trace can neither pass nor fail a page (ADR 0051).
//
//   node bench/lighthouse.mjs [--runs N] [--quick] [path …]
//     every public page by default; --runs N: N runs per page, reference and column (5); --quick: one run,
//     simulated only (for development)
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
const METRIC_GOALS = { 'LCP s': 1.8, CLS: 0.05, 'unused JS KiB': 20 };
/**
 * A page's total blocking time may exceed its reference's (the same page without scripts, in the same run) by at
 * most this: what its scripts cost, whatever the machine does to both.
 */
const TBT_ALLOWANCE_MS = 50;
const JS_GOAL = { page: '/', kB: 120 };
/** Every figure a run gives, category scores first. */
const FIGURES = [...CATEGORIES, 'LCP s', 'TBT ms', 'CLS', 'JS kB gzip', 'unused JS KiB'];
/** Lighthouse's two ways of slowing a page down: modelled after the run, and applied while it runs. */
export const THROTTLING_METHODS = ['simulate', 'devtools'];

export const CHROME_FLAGS = [
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
export async function startReferenceServer(appUrl) {
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

/**
 * Why Lighthouse could not measure the run: a trace it could not record (e.g. NO_NAVSTART), or a metric it could
 * not compute (no LCP, say), which leaves the performance score empty; null when the run is whole.
 */
function unmeasured(lhr) {
  if (lhr.runtimeError) return lhr.runtimeError.code;
  if (lhr.categories.performance?.score == null) {
    const failed = Object.values(lhr.audits).find((audit) => audit.errorMessage);
    return `no performance score${failed ? `: ${failed.id} ${failed.errorMessage}` : ''}`;
  }
  return null;
}

/** Lighthouse's report of the page; a run it could not measure is made again. */
async function lighthouseReport(url, port, throttlingMethod, attempts = 3) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', throttlingMethod });
  const why = unmeasured(lhr);
  if (why === null) return lhr;
  console.log(`${url}: Lighthouse could not measure the run (${why})${attempts > 1 ? ', again' : ''}`);
  if (attempts <= 1) throw new Error(`Lighthouse could not measure ${url}: ${why}`);
  return lighthouseReport(url, port, throttlingMethod, attempts - 1);
}

async function measure(url, port, throttlingMethod) {
  const lhr = await lighthouseReport(url, port, throttlingMethod);
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

/** A run measured, or null when Lighthouse could not record it even when made again (said, and left out). */
async function measureOrSkip(url, port, throttlingMethod) {
  try {
    return await measure(url, port, throttlingMethod);
  } catch (error) {
    console.log(`${url} (${throttlingMethod}): left out: ${error.message}`);
    return null;
  }
}

/** The middle of the figures (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Several runs of one page in one column: the median of each figure, and its spread (lowest, highest). */
export function summarise(runs) {
  const result = { failing: [...new Set(runs.flatMap((r) => r.failing))], spread: {} };
  for (const figure of FIGURES) {
    const values = runs.map((r) => r[figure]);
    result[figure] = median(values);
    result.spread[figure] = [Math.min(...values), Math.max(...values)];
  }
  return result;
}

const FORMAT = { 'LCP s': (v) => v.toFixed(2), CLS: (v) => v.toFixed(3) };
const format = (figure, value) => (FORMAT[figure] ?? ((v) => String(Math.round(v))))(value);
/** A median with its spread: `92 (88–97)`; a single run, or runs that agree, as the figure alone. */
function withSpread(figure, summary) {
  const [low, high] = summary.spread[figure].map((value) => format(figure, value));
  const middle = format(figure, summary[figure]);
  return low === high ? middle : `${middle} (${low}–${high})`;
}

/**
 * Each goal a page misses in one column, on the medians: the category scores, TBT at most its reference's
 * median + TBT_ALLOWANCE_MS (what a busy machine does to both shows in the reference), and the loading metrics.
 */
export function misses(path, page, reference) {
  const said = [];
  for (const c of CATEGORIES) if (page[c] < GOALS[c]) said.push(`${c} ${page[c]} (goal >= ${GOALS[c]})`);
  const tbtGoal = reference['TBT ms'] + TBT_ALLOWANCE_MS;
  if (page['TBT ms'] > tbtGoal) {
    said.push(
      `TBT ${format('TBT ms', page['TBT ms'])} ms (goal <= reference ${format('TBT ms', reference['TBT ms'])} + ${TBT_ALLOWANCE_MS})`,
    );
  }
  for (const [figure, goal] of Object.entries(METRIC_GOALS)) {
    if (page[figure] > goal) said.push(`${figure} ${format(figure, page[figure])} (goal <= ${goal})`);
  }
  if (path === JS_GOAL.page && page['JS kB gzip'] > JS_GOAL.kB) {
    said.push(`JS kB gzip ${format('JS kB gzip', page['JS kB gzip'])} (goal <= ${JS_GOAL.kB})`);
  }
  return said;
}

/**
 * Runs Lighthouse on each page and its reference, `runs` times each per throttling method, taking turns (page,
 * reference, page, …), so a machine that gets busier weighs on both; the goals are checked on the medians.
 */
export async function benchLighthouse(pages = PAGES, { runs = 5, methods = THROTTLING_METHODS } = {}) {
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
      const pageRuns = Object.fromEntries(methods.map((method) => [method, []]));
      const referenceRuns = Object.fromEntries(methods.map((method) => [method, []]));
      for (let run = 0; run < runs; run++) {
        for (const method of methods) {
          pageRuns[method].push(await measureOrSkip(app.url + path, chrome.port, method));
          referenceRuns[method].push(await measureOrSkip(references.url + path, chrome.port, method));
        }
      }
      for (const method of methods) {
        const [recorded, recordedReference] = [pageRuns[method], referenceRuns[method]].map((r) => r.filter(Boolean));
        if (recorded.length === 0 || recordedReference.length === 0) {
          missed.push(`${path} (${method}): no run recorded`);
          continue;
        }
        if (recorded.length < runs || recordedReference.length < runs) {
          console.log(
            `${path} (${method}): median of ${recorded.length} page and ${recordedReference.length} reference run(s)`,
          );
        }
        const page = summarise(recorded);
        const reference = summarise(recordedReference);
        rows.push({
          page: path,
          throttling: method,
          perf: withSpread('performance', page),
          'ref perf': withSpread('performance', reference),
          'TBT ms': withSpread('TBT ms', page),
          'ref TBT ms': withSpread('TBT ms', reference),
          'LCP s': withSpread('LCP s', page),
          'ref LCP s': withSpread('LCP s', reference),
          CLS: withSpread('CLS', page),
          'JS kB gzip': withSpread('JS kB gzip', page),
          'unused JS KiB': withSpread('unused JS KiB', page),
          'a11y / BP / SEO': ['accessibility', 'best-practices', 'seo'].map((c) => format(c, page[c])).join(' / '),
        });
        const said = misses(path, page, reference);
        if (said.length > 0) missed.push(`${path} (${method}): ${said.join('; ')}`);
        if (page.failing.length) console.log(`${path} (${method}): audits below 0.9: ${page.failing.join(', ')}`);
      }
    }
  } finally {
    await chrome.kill();
    await references.stop();
    await app.stop();
  }
  console.log(
    `\nLighthouse, mobile preset: median of ${runs} run(s) per page and throttling method, (lowest–highest) when ` +
      'they differ; each page beside its reference (the same page without scripts), taking turns in the same run. ' +
      `Goals on the medians of each column: performance >= ${GOALS.performance}, accessibility >= ` +
      `${GOALS.accessibility}, best practices >= ${GOALS['best-practices']}, SEO >= ${GOALS.seo}, TBT <= the ` +
      `reference's + ${TBT_ALLOWANCE_MS} ms, LCP <= ${METRIC_GOALS['LCP s']} s, CLS <= ${METRIC_GOALS.CLS}, ` +
      `unused JS <= ${METRIC_GOALS['unused JS KiB']} KiB per script, JS on ${JS_GOAL.page} <= ${JS_GOAL.kB} kB gzip.`,
  );
  console.table(rows);
  if (missed.length > 0) {
    console.log(`Goals NOT met (${missed.length} page/column pair(s)):\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Every page meets every goal in ${methods.length === 1 ? 'the' : 'each'} column (${methods.join(', ')}).`,
    );
  }
  return rows;
}

/** `--runs N`, `--quick` (one simulated run: for development) and the paths, from the command line. */
export function parseArguments(args) {
  const rest = [...args];
  const take = (flag) => {
    const at = rest.indexOf(flag);
    return at >= 0 ? rest.splice(at, flag === '--quick' ? 1 : 2) : null;
  };
  const quick = take('--quick') !== null;
  const runsFlag = take('--runs');
  const runs = runsFlag ? Number(runsFlag[1]) : quick ? 1 : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
  return { pages: rest.length ? rest : PAGES, runs, methods: quick ? ['simulate'] : THROTTLING_METHODS };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pages, runs, methods } = parseArguments(process.argv.slice(2));
  await benchLighthouse(pages, { runs, methods });
}
