// The web app's layers (docs/architecture.md, "Web layers"): the shell (src/app) may use features and shared
// code, features may use shared code, shared code uses neither; and a page never imports another page.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('./src', import.meta.url));
const SOURCE = /\.tsx?$/;
/** A page is a route's screen; member-pages.tsx holds several. */
const PAGE = /-pages?\.tsx$/;

const SPECIFIERS = [
  // import x from '…', import { x } from '…', import type … from '…', export { x } from '…', export * from '…'
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (side effects only, e.g. a stylesheet)
  /\bimport\s*['"]([^'"]+)['"]/g,
  // import('…')
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a source file names. */
function importsOf(code: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The file a relative specifier names (extension and index.ts as the bundler finds them). */
function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

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
  const files = sourceFiles(SRC);
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
