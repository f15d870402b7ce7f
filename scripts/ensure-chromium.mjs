// Makes sure Debian's Chromium builds are installed, idempotently: the full browser for Lighthouse and the benches,
// which measure what a visitor's browser does, and the headless shell for the browser journeys, which drive pages
// and read them: it draws no browser window nor runs a GPU process for one, and took a third less CPU time than
// the full browser for the same journeys (ADR 0048).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Installs a Debian package unless `path`, which it provides, is there already. */
function ensurePackage(name, path) {
  if (existsSync(path)) return path;
  console.log(`Installing ${name} from Debian packages...`);
  const run = (command) => execSync(command, { stdio: 'inherit' });
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`);
  if (!existsSync(path)) throw new Error(`${name} is not at ${path} after installing it`);
  return path;
}

/** The full browser (or the one CHROMIUM_PATH names). */
export function ensureChromium() {
  return process.env.CHROMIUM_PATH || ensurePackage('chromium', '/usr/bin/chromium');
}

/** The headless shell the journeys drive (or the browser CHROMIUM_PATH names). */
export function ensureHeadlessShell() {
  return process.env.CHROMIUM_PATH || ensurePackage('chromium-headless-shell', '/usr/bin/chromium-headless-shell');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
  console.log(ensureHeadlessShell());
}
