// Bundles the server (and the shared package it imports as TypeScript) into dist/main.js, the worker threads'
// entry into dist/heavy-work.js and the backup command into dist/backup.js.
// Dependencies stay in node_modules: PGlite, for one, loads its WebAssembly relative to itself. The files the server
// reads at run time (the migrations, the template catalogue, the vendors' contracts) are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@dpp/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    // What the worker pool's threads load (work/index.ts finds it beside main.js; ADR 0040).
    'heavy-work': new URL('./src/work/tasks.ts', import.meta.url).pathname,
    // `node apps/server/dist/backup.js backup|restore` where the sources are not shipped (the image).
    backup: new URL('./src/ops/backup-cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), {
  recursive: true,
});
// The template catalogue the seed reads at start (db/seed-data/templates.ts finds it beside the bundle).
cpSync(new URL('./src/db/seed-data/templates', import.meta.url), new URL('./dist/templates', import.meta.url), {
  recursive: true,
});
// The vendors' contracts the sandbox simulators check requests against.
for (const file of ['asana/asana_oas.yaml', 'monday/schema.graphql']) {
  cpSync(new URL(`../../contracts/${file}`, import.meta.url), new URL(`./dist/contracts/${file}`, import.meta.url));
}
