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

/** The modules the shell imports statically and the landing page imports at all, read from the module graph. */
export function landingModules(graph: ModuleGraph): Set<string> {
  const ids = [...graph.getModuleIds()];
  const isBarrel = (id: string) => Object.values(BARRELS).some((barrel) => barrel.index.test(id));
  const seen = new Set<string>();
  const visit = (id: string, followDynamic: boolean) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) return;
    const imported = info.importedIds.filter((next) => !isBarrel(next));
    if (imported.length < info.importedIds.length) imported.push(...componentsNamed(info.code ?? '', ids));
    for (const next of imported) visit(next, followDynamic);
    if (followDynamic) for (const next of info.dynamicallyImportedIds) visit(next, true);
  };
  const landingPage = ids.find((id) => LANDING_PAGE.test(id));
  const shell = ids.find((id) => SHELL.test(id));
  if (!landingPage || !shell) throw new Error('chunking: the shell or the landing page is missing from the build');
  // The landing page first: its own dynamic imports are followed, the shell's (every other page) are not.
  visit(landingPage, true);
  visit(shell, false);
  return seen;
}

/** The plugin that reads the module graph, and the chunk groups that use what it read. */
export function chunking(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let onLanding = new Set<string>();
  const plugin: Plugin = {
    name: 'dpp-chunking',
    apply: 'build',
    buildEnd() {
      onLanding = landingModules(this);
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
  ];
  return { plugin, groups };
}
