// Lighthouse (mobile preset) on the production build, with Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { startServer } from './server.mjs';

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
const GOALS = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 90 };

export async function benchLighthouse(pages = PAGES) {
  const chromePath = ensureChromium();
  const app = await startServer({ LOG_LEVEL: 'warn' });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const rows = [];
  try {
    for (const path of pages) {
      // Measured as visitors meet a page: the server renders it once, then answers from its cache.
      await fetch(app.url + path, { headers: { accept: 'text/html' } });
      const result = await lighthouse(app.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result.lhr;
      const requests = lhr.audits['network-requests'].details?.items ?? [];
      const scriptBytes = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const row = { page: path };
      for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      row['LCP s'] = (lhr.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2);
      row['TBT ms'] = Math.round(lhr.audits['total-blocking-time'].numericValue);
      row.CLS = lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3);
      row['JS kB (transfer)'] = (scriptBytes / 1024).toFixed(1);
      rows.push(row);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      if (failing.length) console.log(`${path}: audits below 0.9: ${failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }
  console.log(
    '\nLighthouse, mobile preset (goals: performance >= 90, accessibility >= 95, best practices >= 95, SEO >= 90; JS on / <= 250 kB)',
  );
  console.table(rows);
  const misses = rows.flatMap((row) =>
    CATEGORIES.filter((c) => row[c] < GOALS[c]).map((c) => `${row.page} ${c} ${row[c]} (goal ${GOALS[c]})`),
  );
  if (misses.length > 0) {
    console.log(`Goals NOT met:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('Every page meets every goal.');
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`)
  await benchLighthouse(process.argv.slice(2).length ? process.argv.slice(2) : PAGES);
