// `npm run bench [api|signin|lighthouse|upload|progress|ai|capacity|insights|my-plans|heavy|timeline]`: builds, then measures. Not part of `npm test`.

import { execSync } from 'node:child_process';
import { benchAiRelay } from './ai-relay.mjs';
import { benchApi } from './api.mjs';
import { benchCapacity } from './capacity.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchSignIn } from './signin.mjs';

const only = process.argv[2];
if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
if (!only || only === 'api') await benchApi();
if (!only || only === 'signin') await benchSignIn();
if (!only || only === 'lighthouse') await benchLighthouse();
// Uploads into the task-tool simulators take minutes (ClickUp allows 100 requests a minute): only on request.
if (only === 'upload') execSync('npx tsx bench/upload.ts', { stdio: 'inherit' });
// Requests of one progress read of a 300-task project in each simulator (after an upload to set it up): only on request.
if (only === 'progress') execSync('npx tsx bench/progress-reads.ts', { stdio: 'inherit' });
if (!only || only === 'ai') await benchAiRelay();
// Minutes of load steps on three set-ups (PostgreSQL needed): only on request.
if (only === 'capacity') await benchCapacity();
// The insights' queries on 100,000 members and a year of events (PostgreSQL needed; the first run fills the
// database in about half a minute): only on request.
if (only === 'insights') execSync('npx tsx bench/insights.ts', { stdio: 'inherit' });
// Saves of a 300-task plan copy on the embedded database: only on request.
if (only === 'my-plans') execSync('npx tsx bench/my-plans-save.ts', { stdio: 'inherit' });
// 50 members exporting, downloading Word files and refreshing at once beside a probe (PostgreSQL needed; ADR 0040):
// only on request.
if (only === 'heavy') execSync('npx tsx bench/heavy-load.ts', { stdio: 'inherit' });
// The plan editor's timeline of 300 tasks and 300 links drawn in Chromium, beside a one-task plan (ADR 0045): only on
// request.
if (only === 'timeline') execSync('node bench/timeline.mjs', { stdio: 'inherit' });
