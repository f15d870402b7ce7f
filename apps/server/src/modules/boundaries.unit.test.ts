// Boundaries (docs/architecture.md, "Server"): code outside modules/<name>/ uses a module only through its
// index.ts (its tables through tables.ts, its worker tasks through work.ts), so a module's files other than
// those can change without breaking anyone else; the stand-ins
// are reached only through stand-ins/index.ts, by the two files that build and mount them; lib/ knows no module.
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

  it('tells an offending import from an allowed one', () => {
    const edge = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(reachesStandIn(edge('app.ts', 'stand-ins/index.ts'))).toBe(false);
    expect(reachesStandIn(edge('db/schema.ts', 'stand-ins/simulators/sandbox.tables.ts'))).toBe(false);
    expect(reachesStandIn(edge('stand-ins/index.ts', 'stand-ins/stand-ins.routes.ts'))).toBe(false);
    expect(reachesStandIn(edge('app.ts', 'stand-ins/stand-ins.routes.ts'))).toBe(true);
    expect(reachesStandIn(edge('modules/billing/billing.routes.ts', 'stand-ins/index.ts'))).toBe(true);
    expect(reachesModuleInside(edge('stand-ins/simulators/common.ts', 'modules/jobs/jobs.tables.ts'))).toBe(true);
    expect(reachesModuleInside(edge('stand-ins/simulators/common.ts', 'modules/jobs/index.ts'))).toBe(false);
    expect(reachesModuleInside(edge('modules/billing/billing.tables.ts', 'modules/clients/tables.ts'))).toBe(false);
    expect(reachesModuleInside(edge('modules/billing/billing.service.ts', 'modules/clients/tables.ts'))).toBe(true);
    expect(reachesModuleInside(edge('work/tasks.ts', 'modules/my-data/work.ts'))).toBe(false);
    expect(reachesModuleInside(edge('work/tasks.ts', 'modules/my-data/my-data.archive.ts'))).toBe(true);
    expect(reachesModuleInside(edge('app.ts', 'modules/my-data/work.ts'))).toBe(true);
    expect(libReachesModule(edge('lib/metrics.ts', 'modules/jobs/index.ts'))).toBe(true);
    expect(libReachesModule(edge('lib/metrics.ts', 'lib/clock.ts'))).toBe(false);
  });
});
