// How the browser build splits its code into chunks.
//
// Left to itself, the bundler gives every small piece of antd that two pages share its own chunk: a form page
// then loads about 90 chunks of 2 kB, and Vite's preload helper spends ~40 ms of main thread appending a <link>
// for each. Grouped naively (every shared antd module in one chunk), the landing page, which uses a handful of
// antd's parts, would load all of antd's forms and tables with them. So the antd parts are grouped in two:
// those the landing page runs (the app's shell and the page itself, below the fold included), which every page
// loads anyway, and the rest that pages share. An islands page (ADR 0033) loads React, the query cache and its
// islands' own code only.
import type { Plugin, Rolldown } from 'vite';

const ANTD = /node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/;

/**
 * What every page runs, an islands page too (ADR 0033): React. The router and the query cache are groups of their
 * own, since an islands page loads the query cache but never the router; antd's style engine goes with the antd
 * parts of the shell, which an islands page does not load either.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/]react-router[\\/]/;
const QUERY = /node_modules[\\/]@tanstack[\\/]/;
/** The icons the header draws without antd (shared/light-icon.tsx): every page shows them. */
const HEADER_ICONS = /@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](ArrowLeftOutlined|MenuOutlined|DownOutlined)\.js$/;
const ANTD_RUNTIME =
  /node_modules[\\/](@ant-design[\\/](cssinjs|colors|fast-color)|@rc-component[\\/]util|@babel[\\/]runtime|clsx)[\\/]/;

const SHELL = /[\\/]src[\\/]main\.tsx$/;
const BOOT = /[\\/]src[\\/]boot\.ts$/;
/** The islands runtime: the half that decides when (no framework), and the half that takes an island over. */
const ISLANDS_SCHEDULER = /[\\/]src[\\/]islands\.ts$/;
const ISLANDS_RUNTIME = /[\\/]src[\\/]island-roots\.tsx$/;
const SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** The libraries an islands page loads anyway. */
const ISLAND_LIBRARY = (id: string) => REACT.test(id) || QUERY.test(id) || HEADER_ICONS.test(id);
const LANDING_PAGE = /[\\/]src[\\/]features[\\/]marketing[\\/]landing-page\.tsx$/;

type ModuleGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/**
 * Packages whose index re-exports every component: the module graph shows all of them imported, though the
 * bundle keeps only those named. Through these, only the named components' own modules are followed.
 */
const BARRELS: Record<string, { index: RegExp; component: (name: string) => string }> = {
  antd: {
    index: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
    component: (name) => `/antd/es/${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}/index.js`,
  },
  '@ant-design/icons': {
    index: /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
    component: (name) => `/@ant-design/icons/es/icons/${name}.js`,
  },
};
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** The ids of the components a module names from a barrel package, e.g. `import { Button } from 'antd'`. */
function componentsNamed(code: string, ids: readonly string[]): string[] {
  const found: string[] = [];
  for (const [, names = '', from = ''] of code.matchAll(NAMED_IMPORT)) {
    const barrel = BARRELS[from];
    if (!barrel) continue;
    for (const specifier of names.split(',')) {
      const name = specifier.trim().split(/\s+as\s+/)[0];
      if (!name || name.startsWith('type ')) continue;
      const suffix = barrel.component(name);
      const id = ids.find((candidate) => candidate.replaceAll('\\', '/').endsWith(suffix));
      if (!id) throw new Error(`chunking: no module for ${name} from ${from} (looked for …${suffix})`);
      found.push(id);
    }
  }
  return found;
}

/**
 * Follows the module graph from `starts`: every module they import (through a barrel, only the components named),
 * and what those import in turn; with `followDynamic`, what they import dynamically too.
 */
function reachable(graph: ModuleGraph, starts: string[], followDynamic: boolean, seen = new Set<string>()) {
  const ids = [...graph.getModuleIds()];
  const isBarrel = (id: string) => Object.values(BARRELS).some((barrel) => barrel.index.test(id));
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) return;
    const imported = info.importedIds.filter((next) => !isBarrel(next));
    if (imported.length < info.importedIds.length) imported.push(...componentsNamed(info.code ?? '', ids));
    for (const next of imported) visit(next);
    if (followDynamic) for (const next of info.dynamicallyImportedIds) visit(next);
  };
  for (const start of starts) visit(start);
  return seen;
}

function moduleMatching(graph: ModuleGraph, pattern: RegExp): string {
  const id = [...graph.getModuleIds()].find((candidate) => pattern.test(candidate));
  if (!id) throw new Error(`chunking: no module matches ${pattern}`);
  return id;
}

/** The modules the shell imports statically and the landing page imports at all, read from the module graph. */
export function landingModules(graph: ModuleGraph): Set<string> {
  // The landing page first: its own dynamic imports are followed, the shell's (every other page) are not.
  const seen = reachable(graph, [moduleMatching(graph, LANDING_PAGE)], true);
  return reachable(graph, [moduleMatching(graph, SHELL)], false, seen);
}

/** What the page's first script (boot.ts) imports statically, itself left out. */
export function firstScriptModules(graph: ModuleGraph): Set<string> {
  const boot = moduleMatching(graph, BOOT);
  const modules = reachable(graph, [boot], false);
  modules.delete(boot);
  return modules;
}

/**
 * What the page's first script imports when it needs it rather than at once (the account marks, when another tab
 * signs in or out), with what those import that the first script has not; the islands runtime and the app, which it
 * loads too, left out. The app's header imports the same modules: left to the islands' chunk, they would bring
 * React to a page that runs none.
 */
export function firstScriptLaterModules(graph: ModuleGraph): Set<string> {
  const boot = moduleMatching(graph, BOOT);
  const first = firstScriptModules(graph);
  const takeovers = new Set([moduleMatching(graph, ISLANDS_SCHEDULER), moduleMatching(graph, SHELL)]);
  const later = [boot, ...first]
    .flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !takeovers.has(id));
  return new Set([...reachable(graph, later, false)].filter((id) => id !== boot && !first.has(id)));
}

/**
 * What the islands runtime's first half (islands.ts, which decides when each island is taken over) imports
 * statically, itself and what the page's first script has left out: every islands page runs it after its first
 * paint, and it must not bring the framework with it.
 */
export function islandSchedulerModules(graph: ModuleGraph): Set<string> {
  const first = firstScriptModules(graph);
  const scheduler = moduleMatching(graph, ISLANDS_SCHEDULER);
  const modules = reachable(graph, [scheduler], false);
  return new Set([...modules].filter((id) => id !== scheduler && !first.has(id)));
}

/**
 * What the islands that run without the framework (islands.ts loads them itself, not through island-roots.tsx)
 * import, the modules it loads left out (each is a chunk of its own) and what the first script and the scheduler
 * have: a page whose only island is one of them, the landing page's feature tour, must load no React with it.
 */
export function frameworkFreeIslandModules(graph: ModuleGraph): Set<string> {
  const scheduler = moduleMatching(graph, ISLANDS_SCHEDULER);
  const roots = moduleMatching(graph, ISLANDS_RUNTIME);
  const loaded = graph.getModuleInfo(scheduler)?.dynamicallyImportedIds ?? [];
  const before = new Set([...firstScriptModules(graph), ...islandSchedulerModules(graph), scheduler, roots]);
  const modules = reachable(graph, [scheduler], true, new Set([roots]));
  return new Set([...modules].filter((id) => !before.has(id) && !loaded.includes(id)));
}

/**
 * The product's own modules the islands and the code that takes them over run (ADR 0033), leaving out those the
 * page's first script (boot.ts), the islands scheduler and the islands run without the framework import: those
 * must stay free of the framework.
 */
export function islandModules(graph: ModuleGraph): Set<string> {
  const scheduler = moduleMatching(graph, ISLANDS_SCHEDULER);
  const first = new Set([
    ...firstScriptModules(graph),
    ...firstScriptLaterModules(graph),
    ...islandSchedulerModules(graph),
    ...frameworkFreeIslandModules(graph),
    scheduler,
  ]);
  const islands = reachable(graph, [moduleMatching(graph, ISLANDS_RUNTIME)], true);
  // A module that needs a library beyond React and the query cache (antd, zod) stays out: the shared chunk takes
  // a module's imports with it, and every islands page would load that library.
  const needsLibrary = (id: string) =>
    [...reachable(graph, [id], false)].some(
      (dependency) => NODE_MODULES.test(dependency) && !ISLAND_LIBRARY(dependency),
    );
  return new Set([...islands].filter((id) => SOURCE.test(id) && !first.has(id) && !needsLibrary(id)));
}

/** The plugin that reads the module graph, and the chunk groups that use what it read. */
export function chunking(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let onLanding = new Set<string>();
  let ofIslands = new Set<string>();
  let ofFirstScript = new Set<string>();
  let ofFirstScriptLater = new Set<string>();
  let ofIslandScheduler = new Set<string>();
  let ofFrameworkFreeIslands = new Set<string>();
  const plugin: Plugin = {
    name: 'dpp-chunking',
    apply: 'build',
    buildEnd() {
      onLanding = landingModules(this);
      ofIslands = islandModules(this);
      ofFirstScript = firstScriptModules(this);
      ofFirstScriptLater = firstScriptLaterModules(this);
      ofIslandScheduler = islandSchedulerModules(this);
      ofFrameworkFreeIslands = frameworkFreeIslandModules(this);
    },
  };
  // A module goes to the matching group of highest priority: `antd` gets what `antd-shell` left.
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'framework', test: (id: string) => REACT.test(id) || HEADER_ICONS.test(id), priority: 3 },
    { name: 'router', test: ROUTER, priority: 3 },
    { name: 'query', test: QUERY, priority: 3 },
    {
      name: 'antd-shell',
      test: (id: string) => ANTD_RUNTIME.test(id) || (ANTD.test(id) && onLanding.has(id)),
      priority: 2,
    },
    { name: 'antd', test: ANTD, minShareCount: 3, priority: 1 },
    // Left to itself the bundler splits the islands' shared code into a score of chunks of a few hundred bytes,
    // and the preload helper then spends a long task adding a <link> for each (on `/`, 34 of them: about half
    // of its blocking time). Shared by two chunks or more, that code is one chunk; what one island alone uses
    // stays with it.
    { name: 'island-code', test: (id: string) => ofIslands.has(id), minShareCount: 2, priority: 0 },
    // What the page's first script imports, kept from the islands' chunk (which takes its modules' imports with
    // it): there, the first script would load React at once, on form pages too.
    // What the islands scheduler imports goes there too, for the same reason: a few hundred bytes.
    {
      name: 'first-script',
      test: (id: string) => ofFirstScript.has(id) || ofIslandScheduler.has(id) || PRELOAD_HELPER.test(id),
      priority: 3,
    },
    // What the first script loads when it needs it, kept from the islands' chunk for the same reason.
    { name: 'first-script-later', test: (id: string) => ofFirstScriptLater.has(id), priority: 3 },
    // What the islands run without the framework import (the feature tour's demos, the product's constants):
    // kept from the islands' chunk, which would bring React with them.
    { name: 'plain-islands', test: (id: string) => ofFrameworkFreeIslands.has(id), priority: 3 },
  ];
  return { plugin, groups };
}
