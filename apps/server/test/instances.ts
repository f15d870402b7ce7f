import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PASSWORD } from './helpers';
import { type Caller, freePort } from './task-tool-upload';
import { waitFor } from './wait-for';

export { waitFor };

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** A real server process, as a deployment runs it. */
export interface Instance {
  name: string;
  url: string;
  port: number;
  process: ChildProcess;
  output: string[];
}

export const isAlive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

/**
 * Starts `src/main.ts` in a process of its own and waits until it is ready. `env` names the database
 * (DATABASE_URL or DATA_DIR) and anything else the test sets; the rest is what every instance of one
 * deployment shares: the secrets, the administrator, short job leases, a simulator as slow as a real tool.
 */
export async function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
      IDENTITY_ENCRYPTION_KEY: 'cd'.repeat(32),
      STORAGE_SIGNING_SECRET: 'instances-storage-signing-secret-0123456',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_LEASE_SECONDS: '2',
      IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
      SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '100000',
      // Long enough an upload to be cut in its middle (about 25 ms a request, as a real tool).
      SANDBOX_LATENCY_MS: '25',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, url, port: listenOn, process: child, output: [] };
  child.stdout!.on('data', (d: Buffer) => instance.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => instance.output.push(d.toString()));
  await waitFor(`${name} to be ready`, async () => {
    if (!isAlive(instance)) throw new Error(`${name} exited: ${instance.output.join('')}`);
    return (await fetch(`${url}/readyz`)).ok ? true : undefined;
  });
  return instance;
}

/** Ends a process: SIGKILL as a crash does, SIGTERM as a deployment stops it. */
export async function stopInstance(instance: Instance, signal: 'SIGKILL' | 'SIGTERM') {
  if (!isAlive(instance)) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill(signal);
  await exited;
}

/** Signs a new account up, activates it from the development mailbox and signs it in. */
export async function activatedAccount(viaOne: Caller, viaOther: Caller, email: string) {
  const signUp = await viaOne.call('POST', '/api/identity/sign-up', { email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const mail = (await viaOther.call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json() as {
    links: string[];
  }[];
  const link = mail.flatMap((m) => m.links).find((l) => l.includes('/activate-account/'))!;
  const [code, username] = new URL(link).pathname.split('/').slice(2);
  const { sign_up_proof } = signUp.json() as { sign_up_proof: string };
  const confirmed = await viaOther.call('POST', '/api/identity/confirm-sign-up', { username, code, sign_up_proof });
  if (confirmed.status !== 200) throw new Error(`confirm-sign-up answered ${confirmed.status}`);
  const signIn = await viaOne.call('POST', '/api/identity/sign-in', { email, password: PASSWORD });
  const auth = { authorization: `Bearer ${(signIn.json() as { access_token: string }).access_token}` };
  const clientId = ((await viaOther.call('POST', '/api/client/get', { email }, auth)).json() as { id: number }).id;
  return { auth, clientId };
}
