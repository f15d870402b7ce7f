import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { importsOf, resolveRelative, sourceFiles } from './scripts/import-graph';
const SRC = '/work/wt/layers/apps/server/src/';
const ROOTS = new Set((process.env.ROOTS ?? 'app.ts,main.ts').split(','));
const name = (f: string) => relative(SRC, f).split(sep).join('/');
const files = sourceFiles(SRC, (f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
const area = (p: string) => { const [a, b] = p.split('/'); if (a === 'modules' && b && !b.endsWith('.ts')) return `modules/${b}`; return a ; };
const g = new Map<string, Set<string>>();
for (const f of files) for (const s of importsOf(readFileSync(f, 'utf8')).filter((s) => s.startsWith('.'))) {
  const from = name(f), to = name(resolveRelative(f, s));
  if (ROOTS.has(from)) continue;
  const a = area(from), b = area(to);
  if (a === b) continue;
  if (!g.has(a)) g.set(a, new Set()); g.get(a)!.add(b);
}
// tarjan
let idx = 0; const index = new Map(), low = new Map(), on = new Set(), st: string[] = [], out: string[][] = [];
const nodes = new Set([...g.keys(), ...[...g.values()].flatMap((s) => [...s])]);
function sc(v: string) { index.set(v, idx); low.set(v, idx++); st.push(v); on.add(v);
  for (const w of g.get(v) ?? []) { if (!index.has(w)) { sc(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w))); }
  if (low.get(v) === index.get(v)) { const c: string[] = []; let w; do { w = st.pop()!; on.delete(w); c.push(w); } while (w !== v); if (c.length > 1) out.push(c.sort()); } }
for (const n of nodes) if (!index.has(n)) sc(n);
console.log(out);
