// Boundaries (docs/architecture.md, "Server"): code outside modules/<name>/ uses a module only through its
// index.ts (its tables through tables.ts, its worker tasks through work.ts), so a module's files other than
// those can change without breaking anyone else; the stand-ins
// are reached only through stand-ins/index.ts, by the two files that build and mount them; lib/ knows no module.
// Read as areas (docs/architecture.md, "Server areas, one way"), imports run one way: no two areas import each
// other, however far round, every import runs down the rows of the layer picture, and no adapter knows a module.
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveRelative, sourceFiles } from '../../../../scripts/import-graph';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;

/** One relative import of a non-test file: the importer and the file it reaches, both relative to src/. */
interface Edge {
  from: string;
  specifier: string;
  to: string;
}

const name = (file: string) => relative(SRC, file).split(sep).join('/');

function edges(): { count: number; all: Edge[] } {
  const files = sourceFiles(SRC, (file) => SOURCE.test(file) && !TEST.test(file));
  const all = files.flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from: name(file), specifier, to: name(resolveRelative(file, specifier)) })),
  );
  return { count: files.length, all };
}

/** Each import that breaks the rule, as `file -> import`. */
const offences = (all: Edge[], breaks: (edge: Edge) => boolean) =>
  all.filter(breaks).map(({ from, specifier }) => `${from} -> ${specifier}`);

/** `modules/<name>` for a file inside a module, else undefined. */
function moduleOf(path: string): string | undefined {
  const [top, module] = path.split('/');
  return top === 'modules' && module !== undefined && !SOURCE.test(module) ? `modules/${module}` : undefined;
}

/** drizzle-kit reads every table through db/schema.ts. */
const schemaTable = ({ from, to }: Edge): boolean => from === 'db/schema.ts' && to.endsWith('.tables.ts');

/** A table file names another module's table for a foreign key through that module's tables-only surface. */
const foreignKey = ({ from, to }: Edge, module: string): boolean =>
  from.endsWith('.tables.ts') && to === `${module}/tables.ts`;

/** The worker threads' entry names each module's tasks through its work-only surface (ADR 0040). */
const workerTask = ({ from, to }: Edge, module: string): boolean =>
  from === 'work/tasks.ts' && to === `${module}/work.ts`;

/** A module's file other than its index, named from outside the module. */
function reachesModuleInside(edge: Edge): boolean {
  const module = moduleOf(edge.to);
  if (module === undefined || moduleOf(edge.from) === module) return false;
  return (
    edge.to !== `${module}/index.ts` && !schemaTable(edge) && !foreignKey(edge, module) && !workerTask(edge, module)
  );
}

const STAND_INS = 'stand-ins/';
/** The files that build the local adapters (adapters/index.ts) and mount the stand-ins' routes (app.ts). */
const STAND_IN_USERS = new Set(['adapters/index.ts', 'app.ts']);

/** A stand-in reached from outside stand-ins/ other than through its index, or by a file that has no need of it. */
function reachesStandIn(edge: Edge): boolean {
  if (!edge.to.startsWith(STAND_INS) || edge.from.startsWith(STAND_INS)) return false;
  if (schemaTable(edge)) return false;
  return !(edge.to === `${STAND_INS}index.ts` && STAND_IN_USERS.has(edge.from));
}

/** lib/ holds generic helpers: it knows no module. */
const libReachesModule = ({ from, to }: Edge): boolean => from.startsWith('lib/') && to.startsWith('modules/');

/**
 * The files that gather many areas for a caller outside them, and that only the root imports: drizzle-kit reads
 * every table through db/schema.ts, main.ts and the tests write the demo catalogue into several modules' tables
 * with db/seed.ts, a worker thread starts at work/tasks.ts (ADR 0040). Each is an area of its own, like app.ts and
 * main.ts.
 */
const ENTRIES = new Set(['db/schema.ts', 'db/seed.ts', 'work/tasks.ts']);

/**
 * The area of a file: its module (`modules/<name>`), else the folder of src/ it is in; an entry, or a file of src/
 * itself (app.ts, main.ts, errors.ts), is one of its own.
 */
function areaOf(path: string): string {
  if (ENTRIES.has(path)) return path;
  const [top = '', inside] = path.split('/');
  return inside === undefined ? top : (moduleOf(path) ?? top);
}

/**
 * Every loop between areas (a strongly connected component of the graph whose nodes are the areas and whose
 * arrows are the imports from one to another), each as its areas and then one import for each arrow inside it.
 */
function areaLoops(all: Edge[]): string[][] {
  const arrows = new Map<string, Map<string, Edge>>();
  for (const edge of all) {
    const from = areaOf(edge.from);
    const to = areaOf(edge.to);
    if (from === to || edge.to.startsWith('..')) continue;
    const out = arrows.get(from) ?? new Map<string, Edge>();
    if (!out.has(to)) out.set(to, edge);
    arrows.set(from, out);
  }
  // Tarjan's algorithm: an area's `low` is the earliest area on the stack it reaches back to; an area that
  // reaches back to none before itself closes a component with everything stacked above it.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (area: string) => {
    order.set(area, order.size);
    low.set(area, order.get(area) ?? 0);
    stack.push(area);
    for (const next of [...(arrows.get(area)?.keys() ?? [])].sort()) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(area, Math.min(low.get(area) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(area) !== order.get(area)) return;
    const component = stack.splice(stack.indexOf(area));
    if (component.length > 1) components.push(component.sort());
  };
  for (const area of [...arrows.keys()].sort()) if (!order.has(area)) visit(area);
  return components.map((areas) => [
    `loop: ${areas.join(', ')}`,
    ...areas.flatMap((from) =>
      [...(arrows.get(from) ?? [])]
        .filter(([to]) => areas.includes(to))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([to, edge]) => `${from} -> ${to}: ${edge.from} -> ${edge.specifier}`),
    ),
  ]);
}

/**
 * The rows of the layer picture (docs/architecture.md, "Server areas, one way"): an area imports only areas on a
 * lower row; row 0, the root and the entries, imports any. A module's imports of other modules are held by the
 * loop rule, since the modules share a row.
 */
const ROWS: Record<string, number> = {
  'main.ts': 0,
  'app.ts': 0,
  'db/schema.ts': 0,
  'db/seed.ts': 0,
  'work/tasks.ts': 0,
  modules: 1,
  adapters: 1,
  plugins: 2,
  work: 2,
  ops: 2,
  'stand-ins': 2,
  config: 3,
  ports: 4,
  lib: 4,
  db: 5,
  'errors.ts': 5,
};

/** The row of a file's area (all modules share one); undefined for an area the picture does not show. */
const rowOf = (path: string): number | undefined => ROWS[areaOf(path).replace(/^modules\/.*/, 'modules')];

/** An import that does not run down the rows, or that comes from or reaches an area the picture does not show. */
function runsUp(edge: Edge): boolean {
  if (edge.to.startsWith('..') || areaOf(edge.from) === areaOf(edge.to)) return false;
  const from = rowOf(edge.from);
  const to = rowOf(edge.to);
  if (from === undefined || to === undefined) return true;
  return from !== 0 && to <= from && !(moduleOf(edge.from) && moduleOf(edge.to));
}

/** An adapter speaks to an outside service through its port; what it needs of a domain, it is handed. */
const adapterReachesModule = ({ from, to }: Edge): boolean => from.startsWith('adapters/') && to.startsWith('modules/');

describe('boundaries', () => {
  // The import reader itself is tested in apps/web/layers.test.ts.
  const { count, all } = edges();

  it('reads the whole server', () => {
    expect(count).toBeGreaterThan(100);
    expect(all.length).toBeGreaterThan(500);
  });

  it('names a module only by its index from outside it', () => {
    expect(offences(all, reachesModuleInside)).toEqual([]);
  });

  it('reaches the stand-ins only through their index, from adapters/index.ts and app.ts (db/schema.ts: tables)', () => {
    expect(offences(all, reachesStandIn)).toEqual([]);
  });

  it('keeps lib/ free of modules', () => {
    expect(offences(all, libReachesModule)).toEqual([]);
  });

  it('has no loop between areas', () => {
    expect(areaLoops(all)).toEqual([]);
  });

  it('imports down the rows of the layer picture only', () => {
    expect(offences(all, runsUp)).toEqual([]);
  });

  it('keeps the adapters free of modules', () => {
    expect(offences(all, adapterReachesModule)).toEqual([]);
  });

  it('finds a loop between areas, with one import for each of its arrows', () => {
    const edge = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(
      areaLoops([
        edge('modules/billing/billing.service.ts', 'modules/integrations/index.ts'),
        edge('modules/billing/billing.routes.ts', 'modules/integrations/index.ts'),
        edge('modules/integrations/integrations.service.ts', 'plugins/auth.ts'),
        edge('plugins/auth.ts', 'modules/billing/index.ts'),
        edge('plugins/auth.ts', 'lib/clock.ts'),
        edge('app.ts', 'plugins/auth.ts'),
        edge('work/index.ts', 'lib/clock.ts'),
        edge('work/tasks.ts', 'modules/billing/work.ts'),
        edge('modules/billing/billing.service.ts', 'work/index.ts'),
      ]),
    ).toEqual([
      [
        'loop: modules/billing, modules/integrations, plugins',
        'modules/billing -> modules/integrations: modules/billing/billing.service.ts -> modules/integrations/index.ts',
        'modules/integrations -> plugins: modules/integrations/integrations.service.ts -> plugins/auth.ts',
        'plugins -> modules/billing: plugins/auth.ts -> modules/billing/index.ts',
      ],
    ]);
    expect(
      areaLoops([
        edge('work/index.ts', 'work/tasks.ts'),
        edge('work/tasks.ts', 'modules/files/work.ts'),
        edge('modules/files/files.service.ts', 'work/index.ts'),
      ]),
    ).toEqual([
      [
        'loop: modules/files, work, work/tasks.ts',
        'modules/files -> work: modules/files/files.service.ts -> work/index.ts',
        'work -> work/tasks.ts: work/index.ts -> work/tasks.ts',
        'work/tasks.ts -> modules/files: work/tasks.ts -> modules/files/work.ts',
      ],
    ]);
  });

  it('tells an offending import from an allowed one', () => {
    const edge = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(reachesStandIn(edge('app.ts', 'stand-ins/index.ts'))).toBe(false);
    expect(reachesStandIn(edge('db/schema.ts', 'stand-ins/simulators/sandbox.tables.ts'))).toBe(false);
    expect(reachesStandIn(edge('stand-ins/index.ts', 'stand-ins/stand-ins.routes.ts'))).toBe(false);
    expect(reachesStandIn(edge('app.ts', 'stand-ins/stand-ins.routes.ts'))).toBe(true);
    expect(reachesStandIn(edge('modules/billing/billing.routes.ts', 'stand-ins/index.ts'))).toBe(true);
    expect(reachesModuleInside(edge('stand-ins/simulators/sandbox-store.ts', 'modules/jobs/jobs.tables.ts'))).toBe(
      true,
    );
    expect(reachesModuleInside(edge('stand-ins/simulators/sandbox-store.ts', 'modules/jobs/index.ts'))).toBe(false);
    expect(reachesModuleInside(edge('modules/billing/billing.tables.ts', 'modules/clients/tables.ts'))).toBe(false);
    expect(reachesModuleInside(edge('modules/billing/billing.service.ts', 'modules/clients/tables.ts'))).toBe(true);
    expect(reachesModuleInside(edge('work/tasks.ts', 'modules/my-data/work.ts'))).toBe(false);
    expect(reachesModuleInside(edge('work/tasks.ts', 'modules/my-data/my-data.archive.ts'))).toBe(true);
    expect(reachesModuleInside(edge('app.ts', 'modules/my-data/work.ts'))).toBe(true);
    expect(libReachesModule(edge('lib/metrics.ts', 'modules/jobs/index.ts'))).toBe(true);
    expect(libReachesModule(edge('lib/metrics.ts', 'lib/clock.ts'))).toBe(false);
    expect(runsUp(edge('modules/billing/billing.service.ts', 'ports/payments.port.ts'))).toBe(false);
    expect(runsUp(edge('modules/billing/billing.service.ts', 'modules/clients/index.ts'))).toBe(false);
    expect(runsUp(edge('app.ts', 'work/tasks.ts'))).toBe(false);
    expect(runsUp(edge('plugins/auth.ts', 'modules/clients/index.ts'))).toBe(true);
    expect(runsUp(edge('config/production.ts', 'adapters/index.ts'))).toBe(true);
    expect(runsUp(edge('stand-ins/index.ts', 'adapters/index.ts'))).toBe(true);
    expect(runsUp(edge('lib/clock.ts', 'lib/metrics.ts'))).toBe(false);
    expect(runsUp(edge('tools/new.ts', 'lib/clock.ts'))).toBe(true);
    expect(adapterReachesModule(edge('adapters/ai/ai.offline.ts', 'modules/templates/index.ts'))).toBe(true);
    expect(adapterReachesModule(edge('adapters/ai/ai.offline.ts', 'lib/clock.ts'))).toBe(false);
  });
});
