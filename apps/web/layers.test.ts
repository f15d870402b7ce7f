// The web app's layers (docs/architecture.md, "Web layers"): the shell (src/app) may use features and shared
// code, features may use shared code, shared code uses neither; a page never imports another page; and only the
// `*.api.ts` files (and shared/api/) call the HTTP client.
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

/** The HTTP client; its calls (`api…`) are made only from `*.api.ts` files and from beside it in shared/api/. */
const CLIENT = 'shared/api/client.ts';
const CLIENT_CALL = /^api[A-Z]/;
const CALLER = /(^shared\/api\/|\.api\.ts$)/;
const NAMED_IMPORT = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The client's calls a file imports by name, where the file is no API file. */
function clientCallOffences(file: string, code: string): string[] {
  const name = relative(SRC, file).split(sep).join('/');
  if (CALLER.test(name)) return [];
  return [...code.matchAll(NAMED_IMPORT)].flatMap(([, names = '', specifier = '']) => {
    if (!specifier.startsWith('.') || relative(SRC, resolveRelative(file, specifier)).split(sep).join('/') !== CLIENT)
      return [];
    const calls = names
      .split(',')
      .map(
        (part) =>
          part
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter((imported) => CLIENT_CALL.test(imported));
    return calls.length > 0 ? [`${name} -> ${specifier} (${calls.join(', ')}: calls belong in a *.api.ts file)`] : [];
  });
}

function offences(): { count: number; found: string[] } {
  const files = sourceFiles(SRC, (name) => SOURCE.test(name));
  const found: string[] = [];
  for (const file of files) {
    const name = relative(SRC, file).split(sep).join('/');
    const code = readFileSync(file, 'utf8');
    found.push(...clientCallOffences(file, code));
    for (const specifier of importsOf(code)) {
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

  it('tells a call of the client outside an API file from an import of its errors', () => {
    const page = `${SRC}/features/x/x-page.tsx`;
    const code = "import { ApiError, apiPost as post } from '../../shared/api/client';";
    expect(clientCallOffences(page, code)).toEqual([
      'features/x/x-page.tsx -> ../../shared/api/client (apiPost: calls belong in a *.api.ts file)',
    ]);
    expect(clientCallOffences(page, "import { ApiError } from '../../shared/api/client';")).toEqual([]);
    expect(clientCallOffences(`${SRC}/features/x/x.api.ts`, code)).toEqual([]);
  });

  it('shell -> features -> shared, no page imports another page, only API files call the client', () => {
    const { count, found } = offences();
    expect(count).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
