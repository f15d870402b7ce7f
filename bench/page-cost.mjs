// Where a public page's main-thread time goes, beside its no-script reference (ADR 0051). For each page and its
// reference, one Lighthouse run per throttling method (simulated, and devtools: the CPU slowed 4× and the network
// throttled while the trace is recorded): Lighthouse's `mainthread-work-breakdown`, `bootup-time` and `long-tasks`,
// then every long task of the trace taken apart into the kinds of work inside it (script by file, style
// recalculation, layout, parsing, paint, GC), each weighed by its share of the page's total blocking time
// (Lighthouse's own per-task TBT impact, in the simulated CPU for the simulated column).
//
//   node bench/page-cost.mjs [--save-traces DIR] [path …]     (/about, / and /ai by default)
//
// A busy machine inflates every time here: compare a page with its reference in the same run, as shares and kinds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { TBTImpactTasks } from 'lighthouse/core/computed/tbt-impact-tasks.js';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { CHROME_FLAGS, startReferenceServer, THROTTLING_METHODS } from './lighthouse.mjs';
import { startServer } from './server.mjs';

const DEFAULT_PAGES = ['/about', '/', '/ai'];

/** The kind of work a trace event is, finer than Lighthouse's groups: style and layout apart, script by file. */
const KIND_OF_EVENT = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  InvalidateLayout: 'layout',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  MinorGC: 'GC',
  MajorGC: 'GC',
  'BlinkGC.AtomicPhase': 'GC',
};
const KIND_OF_GROUP = {
  paintCompositeRender: 'paint',
  scriptParseCompile: 'compile',
  garbageCollection: 'GC',
};

/** A script's file without its content hash (`boot.js`), `document` for the page, or what Lighthouse said. */
function fileOf(url) {
  if (!URL.canParse(url ?? '')) return url ?? '';
  return (new URL(url).pathname.split('/').pop() || 'document').replace(/-[\w-]{8}\.js$/, '.js');
}

function kindOf(task) {
  const kind = KIND_OF_EVENT[task.event.name] ?? KIND_OF_GROUP[task.group.id];
  if (kind) return kind;
  if (task.group.id === 'scriptEvaluation') {
    const url = task.attributableURLs.at(-1);
    return `script ${fileOf(url) || '(no file)'}`;
  }
  // A task with no traced work inside: on a busy machine, mostly the renderer waiting for a core.
  if (task.event.name === 'RunTask') return 'untraced';
  return `other (${task.event.name})`;
}

/** The kinds of a task's blocking time worth naming (at least 1 ms), largest first. */
const named = (kinds) => [...kinds].filter(([, value]) => value >= 1).sort((a, b) => b[1] - a[1]);

/** Lighthouse's run of `url` with its artifacts; a run whose trace could not be recorded is made again. */
async function run(url, port, throttlingMethod, attempts = 3) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', throttlingMethod });
  if (!result.lhr.runtimeError) return result;
  if (attempts <= 1) throw new Error(`Lighthouse could not record ${url}: ${result.lhr.runtimeError.message}`);
  return run(url, port, throttlingMethod, attempts - 1);
}

/** The blocking time of every long task, by kind of work inside it. */
async function longTaskKinds({ lhr, artifacts }) {
  const context = { settings: lhr.configSettings, computedCache: new Map(), options: {} };
  const tasks = await TBTImpactTasks.request(Audit.makeMetricComputationDataInput(artifacts, context), context);
  // The impacts are copies of the tasks: a task's children are found again by their trace event.
  const impactOf = new Map(tasks.map((task) => [task.event, task]));
  const longTasks = [];
  for (const top of tasks.filter((task) => !task.parent && task.tbtImpact > 0)) {
    const kinds = new Map();
    const walk = (task) => {
      if (task.selfTbtImpact > 0) kinds.set(kindOf(task), (kinds.get(kindOf(task)) ?? 0) + task.selfTbtImpact);
      for (const child of task.children) walk(impactOf.get(child.event) ?? child);
    };
    walk(top);
    longTasks.push({ start: top.startTime, observed: top.duration, blocking: top.tbtImpact, kinds });
  }
  return longTasks;
}

const ms = (value) => `${Math.round(value)} ms`;

function summary(label, result, longTasks) {
  const { lhr } = result;
  const audit = (id) => lhr.audits[id];
  const lines = [
    `${label}: performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${ms(audit('total-blocking-time').numericValue)}, FCP ${ms(audit('first-contentful-paint').numericValue)}`,
  ];
  const breakdown = (audit('mainthread-work-breakdown').details?.items ?? [])
    .map((item) => `${item.groupLabel} ${ms(item.duration)}`)
    .join(', ');
  lines.push(`  main thread: ${ms(audit('mainthread-work-breakdown').numericValue)} (${breakdown})`);
  const bootup = (audit('bootup-time').details?.items ?? [])
    .map((item) => `${fileOf(item.url) || item.url} ${ms(item.total)} (script ${ms(item.scripting)})`)
    .join(', ');
  lines.push(`  bootup-time: ${bootup || 'nothing above its threshold'}`);
  const long = (audit('long-tasks').details?.items ?? [])
    .map((item) => `${fileOf(item.url) || item.url} at ${ms(item.startTime)} for ${ms(item.duration)}`)
    .join(', ');
  lines.push(`  long-tasks: ${long || 'none'}`);
  const total = new Map();
  for (const task of longTasks) {
    for (const [kind, value] of task.kinds) total.set(kind, (total.get(kind) ?? 0) + value);
    const kinds = named(task.kinds);
    lines.push(
      `  task at ${ms(task.start)}, observed ${ms(task.observed)}, blocking ${ms(task.blocking)}: ` +
        kinds.map(([kind, value]) => `${kind} ${ms(value)}`).join(', '),
    );
  }
  const blocking = [...total.values()].reduce((sum, value) => sum + value, 0);
  if (blocking > 0) {
    lines.push(
      `  blocking time by kind: ${named(total)
        .map(([kind, value]) => `${kind} ${Math.round((value / blocking) * 100)}%`)
        .join(', ')}`,
    );
  }
  return lines.join('\n');
}

export async function pageCost(pages = DEFAULT_PAGES, saveTraces = null) {
  const chromePath = ensureChromium();
  const app = await startServer({ LOG_LEVEL: 'warn' });
  const references = await startReferenceServer(app.url);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  if (saveTraces) mkdirSync(saveTraces, { recursive: true });
  try {
    for (const path of pages) {
      await references.add(path);
      for (const method of THROTTLING_METHODS) {
        for (const [who, base] of [
          ['page', app.url],
          ['reference', references.url],
        ]) {
          const result = await run(base + path, chrome.port, method).catch((error) => {
            console.log(`${path} ${who}, ${method}: ${error.message}`);
            return null;
          });
          if (!result) continue;
          console.log(summary(`${path} ${who}, ${method}`, result, await longTaskKinds(result)));
          if (saveTraces) {
            const name = `${path.replace(/\W+/g, '_') || '_'}-${who}-${method}.json`;
            writeFileSync(join(saveTraces, name), JSON.stringify(result.artifacts.Trace));
          }
        }
      }
      console.log('');
    }
  } finally {
    await chrome.kill();
    await references.stop();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--save-traces');
  const saveTraces = at >= 0 ? args.splice(at, 2)[1] : null;
  await pageCost(args.length ? args : DEFAULT_PAGES, saveTraces);
}
