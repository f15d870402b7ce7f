// Module surfaces (docs/architecture.md, "Server"): code outside modules/<name>/ uses a module only through its
// index.ts, so a module's files other than the index can change without breaking anyone else.
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveRelative, sourceFiles } from '../../../../scripts/import-graph';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;

/** `modules/<name>` for a file inside a module, else undefined. */
function moduleOf(name: string): string | undefined {
  const [top, module] = name.split('/');
  return top === 'modules' && module !== undefined && !SOURCE.test(module) ? `modules/${module}` : undefined;
}

/** drizzle-kit reads every table through db/schema.ts. */
const allowed = (from: string, to: string): boolean => from === 'db/schema.ts' && to.endsWith('.tables.ts');

function offences(): { count: number; found: string[] } {
  const files = sourceFiles(SRC, (name) => SOURCE.test(name) && !TEST.test(name));
  const found: string[] = [];
  for (const file of files) {
    const name = relative(SRC, file).split(sep).join('/');
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(SRC, resolveRelative(file, specifier)).split(sep).join('/');
      const module = moduleOf(target);
      if (module === undefined || moduleOf(name) === module) continue;
      if (target === `${module}/index.ts` || allowed(name, target)) continue;
      found.push(`${name} -> ${specifier}`);
    }
  }
  return { count: files.length, found };
}

describe('module surfaces', () => {
  // The import reader itself is tested in apps/web/layers.test.ts.
  it('names a module only by its index from outside it', () => {
    const { count, found } = offences();
    expect(count).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
