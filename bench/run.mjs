// `npm run bench [api|signin|lighthouse|upload|ai|capacity]`: builds, then measures. Not part of `npm test`.

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
if (!only || only === 'ai') await benchAiRelay();
// Minutes of load steps on three set-ups (PostgreSQL needed): only on request.
if (only === 'capacity') await benchCapacity();
