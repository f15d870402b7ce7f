import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunking } from './chunking.ts';
import { inlineHeadScript } from './inline-head-script.ts';

const chunks = chunking();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [chunks.plugin, inlineHeadScript()])],
  build: {
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // One stylesheet (about 45 kB, 9 kB compressed) in the page's head: a page the server rendered is drawn
    // with all its styles at once, instead of shifting when a route's own stylesheet arrives with its code.
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunks.groups } } },
  },
  // The server-rendering bundle carries its dependencies, so the server needs none of the web's packages,
  // and renders as the browser's production build does (the same class names), whatever NODE_ENV says.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
}));
