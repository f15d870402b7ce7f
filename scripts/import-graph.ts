// Reads the relative imports of a source tree, for the tests that hold its layers (apps/web/layers.test.ts,
// apps/server/src/modules/boundaries.unit.test.ts). A regular expression per import form is enough: the files
// are our own, formatted by Biome.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SPECIFIERS = [
  // import x from '…', import { x } from '…', import type … from '…', export { x } from '…', export * from '…'
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (side effects only, e.g. a stylesheet)
  /\bimport\s*['"]([^'"]+)['"]/g,
  // import('…')
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a source file names. */
export function importsOf(code: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Every file under dir whose name passes `keep`. */
export function sourceFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The file a relative specifier names, with the extensions and index files the bundler and tsx look for. */
export function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}
