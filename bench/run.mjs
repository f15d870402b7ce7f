// `npm run bench [api|signin|lighthouse]`: builds, then measures. Not part of `npm test`.
import { execSync } from 'node:child_process';
import { benchApi } from './api.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchSignIn } from './signin.mjs';

const only = process.argv[2];
if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
if (!only || only === 'api') await benchApi();
if (!only || only === 'signin') await benchSignIn();
if (!only || only === 'lighthouse') await benchLighthouse();
