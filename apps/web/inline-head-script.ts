// Puts the page's inline head script (src/first-paint.ts) into index.html, at the top of its head: a script there
// runs before the body is parsed and painted, which no module script can (ADR 0051). It is bundled on its own into
// one classic script, so it imports nothing at run time; the server allows it by its hash (security-headers.ts).
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = new URL('./src/first-paint.ts', import.meta.url).pathname;

/** The head script as it goes into the page: one minified classic script. */
export async function headScript(entry = ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text.trim();
  if (!code) throw new Error(`inline-head-script: ${entry} built to nothing`);
  return code;
}

export function inlineHeadScript(): Plugin {
  return {
    name: 'dpp:inline-head-script',
    async transformIndexHtml() {
      return [{ tag: 'script', children: await headScript(), injectTo: 'head-prepend' }];
    },
  };
}
