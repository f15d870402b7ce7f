// Makes sure Debian's Chromium is installed for the browser tests and Lighthouse. Idempotent.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  console.log('Installing Chromium from Debian packages...');
  const run = (command) => execSync(command, { stdio: 'inherit' });
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is not at ${CHROMIUM_PATH} after installing it`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
