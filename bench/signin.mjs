// Sign-in latency with the chosen argon2id cost: 10 people signing in at once, for 10 seconds.
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const USERS = 10;
const PASSWORD = 'Planner#2026';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

export async function benchSignIn() {
  // The per-address limit would stop a load test from one address: lift it for this run only. The sandbox
  // mailbox, which confirms the accounts, exists only outside production mode.
  const app = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const emails = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench${i}.${Date.now()}@example.com`;
      await post(`${app.url}/api/identity/sign-up`, { email, password: PASSWORD });
      const mail = await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
      const link = mail[0].links.find((l) => l.includes('/activate-account/'));
      const [code, username] = new URL(link).pathname.split('/').slice(2);
      await post(`${app.url}/api/identity/confirm-sign-up`, { username, code });
      emails.push(email);
    }
    const result = await autocannon({
      url: `${app.url}/api/identity/sign-in`,
      connections: USERS,
      duration: DURATION_S,
      requests: emails.map((email) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })),
    });
    const row = {
      connections: USERS,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    console.log(`\nSign-in, ${USERS} concurrent users, ${DURATION_S} s (goal: p99 < 300 ms)`);
    console.table([row]);
    return row;
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSignIn();
