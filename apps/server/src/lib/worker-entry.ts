import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The server package's folder: where its dependencies resolve from. */
const SERVER_ROOT = new URL('../../', import.meta.url);

const bundles = new Map<string, Promise<string>>();

/**
 * A worker thread's entry, as a file URL Node can load. The built server has it beside main.js (build.mjs
 * bundles it); a server run from its TypeScript sources (the tests, `npm run dev`) has only the source, which a
 * worker thread cannot load, so it is bundled here once per process the same way, with esbuild (a development
 * dependency, never needed by the built server).
 */
export function workerEntry(entry: { built: URL; source: URL }): Promise<string> {
  if (existsSync(entry.built)) return Promise.resolve(entry.built.href);
  let bundle = bundles.get(entry.source.href);
  if (!bundle) {
    bundle = bundleSource(entry.source);
    bundles.set(entry.source.href, bundle);
  }
  return bundle;
}

async function bundleSource(source: URL): Promise<string> {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(new URL('package.json', SERVER_ROOT), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  // As build.mjs: dependencies stay in node_modules, the shared package (TypeScript) is bundled in.
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@dpp/'));
  const result = await build({
    entryPoints: [fileURLToPath(source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    external,
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]!.contents;
  // Under the server's node_modules, so that its dependencies resolve; named by content, so that test files
  // bundling at once share one file and a changed source gets a new one.
  const folder = new URL('node_modules/.cache/worker-entries/', SERVER_ROOT);
  const name = `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = fileURLToPath(new URL(name, folder));
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    // Written under a name of its own, then renamed: a thread starting meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file).href;
}
