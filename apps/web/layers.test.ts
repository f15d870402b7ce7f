// The web app's layers (docs/architecture.md, "Web layers"): the shell (src/app) may use features and shared
// code, features may use shared code, shared code uses neither; and a page never imports another page.
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveRelative, sourceFiles } from '../../scripts/import-graph';

const SRC = fileURLToPath(new URL('./src', import.meta.url));
const SOURCE = /\.tsx?$/;
/** A page is a route's screen; member-pages.tsx holds several. */
const PAGE = /-pages?\.tsx$/;

type Layer = 'app' | 'features' | 'shared' | 'other';

const layerOf = (path: string): Layer => {
  const top = relative(SRC, path).split(sep)[0];
  return top === 'app' || top === 'features' || top === 'shared' ? top : 'other';
};

/** The layers each layer must not import. */
const FORBIDDEN: Record<Layer, readonly Layer[]> = {
  app: [],
  features: ['app'],
  shared: ['app', 'features'],
  other: [],
};

function offences(): { count: number; found: string[] } {
  const files = sourceFiles(SRC, (name) => SOURCE.test(name));
  const found: string[] = [];
  for (const file of files) {
    const name = relative(SRC, file).split(sep).join('/');
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      const from = layerOf(file);
      const to = layerOf(target);
      if (FORBIDDEN[from].includes(to)) found.push(`${name} -> ${specifier} (${from} must not import ${to})`);
      else if (PAGE.test(file) && PAGE.test(target)) found.push(`${name} -> ${specifier} (a page imports a page)`);
    }
  }
  return { count: files.length, found };
}

describe('web layers', () => {
  it('reads static, re-exported, side-effect and dynamic imports', () => {
    const code = [
      "import { a } from './a';",
      'import type {\n  B,\n} from "../b";',
      "export { c } from './c';",
      "export * from './d';",
      "import './e.css';",
      "const F = lazy(() => import('./f'));",
    ].join('\n');
    expect(importsOf(code).sort()).toEqual(['../b', './a', './c', './d', './e.css', './f']);
  });

  it('shell -> features -> shared, and no page imports another page', () => {
    const { count, found } = offences();
    expect(count).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
