import { AUTH_MESSAGES, MEMBER_ADMIN_MESSAGES } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInMember, type TestContext } from '../../test/helpers';
import { grantAuthority } from '../modules/clients/clients.repository';
import { clients } from '../modules/clients/clients.tables';
import { NO_CLIENT_RECORD, ROLE_ADMIN } from './auth';

let ctx: TestContext;
/** Every route that asked for the caller's client record, as 'METHOD /url'. */
const asked = new Set<string>();
beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, (app) => {
    const callerClient = app.callerClient;
    app.callerClient = (request, ...rest) => {
      asked.add(`${request.method} ${request.routeOptions.url}`);
      return callerClient(request, ...rest);
    };
  });
});
afterAll(async () => {
  await ctx.close();
});

/** The client record a call names. */
interface Target {
  id: number;
  email: string;
  username: string;
}
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (t: Target) => string;
  body?: (t: Target) => object;
  headers?: Record<string, string>;
}

const HANDLE = 'h'.repeat(32);
const PRICE = 'price_growth_month';

/** Every route about the caller's own record, naming none. */
const OWN: Record<string, Call> = {
  'POST /api/paypal/orders': { method: 'POST', url: () => '/api/paypal/orders', body: () => ({ plan_id: 1 }) },
  'POST /api/paypal/orders/:id/capture': { method: 'POST', url: () => '/api/paypal/orders/ORDER-1/capture' },
  'GET /api/purchases/project-plans/:projectPlanId': { method: 'GET', url: () => '/api/purchases/project-plans/1' },
  'POST /sandbox/orders/:id/approve': { method: 'POST', url: () => '/sandbox/orders/ORDER-1/approve' },
  'GET /api/:connectionType/link': { method: 'GET', url: () => '/api/asana/link' },
  'POST /api/:connectionType/tokens': {
    method: 'POST',
    url: () => '/api/asana/tokens',
    body: () => ({ userCode: 'code', state: 's'.repeat(43) }),
  },
  'POST /api/:connectionType/resume': { method: 'POST', url: () => '/api/asana/resume', body: () => ({}) },
  'POST /api/:connectionType/teams': {
    method: 'POST',
    url: () => '/api/clickup/teams',
    body: () => ({ accessToken: HANDLE }),
  },
  'POST /api/:connectionType/workspaces': {
    method: 'POST',
    url: () => '/api/monday/workspaces',
    body: () => ({ accessToken: HANDLE }),
  },
  'GET /api/upload-jobs/:jobId': { method: 'GET', url: () => '/api/upload-jobs/1' },
  'GET /api/upload-jobs/:jobId/events': { method: 'GET', url: () => '/api/upload-jobs/1/events' },
  'POST /api/upload-feedback': { method: 'POST', url: () => '/api/upload-feedback', body: () => ({ rating: 5 }) },
  'POST /api/my-data/exports': { method: 'POST', url: () => '/api/my-data/exports' },
  'GET /api/my-data/exports/:exportId': { method: 'GET', url: () => '/api/my-data/exports/1' },
  'GET /api/my-data/exports/:exportId/archive': {
    method: 'GET',
    url: () => '/api/my-data/exports/1/archive',
    headers: { 'x-download-token': 't'.repeat(43) },
  },
  'GET /api/my-data/account-deletion': { method: 'GET', url: () => '/api/my-data/account-deletion' },
  'POST /api/my-data/delete-account/link': { method: 'POST', url: () => '/api/my-data/delete-account/link' },
  'POST /api/my-data/delete-account': {
    method: 'POST',
    url: () => '/api/my-data/delete-account',
    body: () => ({ password: 'Planner#2026' }),
  },
  'GET /api/my-plans': { method: 'GET', url: () => '/api/my-plans' },
  'POST /api/my-plans': {
    method: 'POST',
    url: () => '/api/my-plans',
    body: () => ({ source: 'template', templateId: 1 }),
  },
  'GET /api/my-plans/:id': { method: 'GET', url: () => '/api/my-plans/1' },
  'PUT /api/my-plans/:id': {
    method: 'PUT',
    url: () => '/api/my-plans/1',
    body: () => ({ version: 1, name: 'Plan', plan: { start_date: null, sections: [] } }),
  },
  'DELETE /api/my-plans/:id': { method: 'DELETE', url: () => '/api/my-plans/1' },
  'GET /api/my-plans/:id/download': { method: 'GET', url: () => '/api/my-plans/1/download?format=xlsx' },
  'GET /api/my-plans/:id/progress': { method: 'GET', url: () => '/api/my-plans/1/progress' },
  'POST /api/my-plans/:id/progress': { method: 'POST', url: () => '/api/my-plans/1/progress' },
};

/** Every route naming a record that an administrator may name too. */
const NAMED: Record<string, Call> = {
  'POST /api/stripe/create-setup-intent': {
    method: 'POST',
    url: () => '/api/stripe/create-setup-intent',
    body: (t) => ({ price_id: PRICE, client_id: t.id, subscription_type: 'month' }),
  },
  'POST /api/stripe/no-credit-card-trial': {
    method: 'POST',
    url: () => '/api/stripe/no-credit-card-trial',
    body: (t) => ({ client_id: t.id, plan_id: 6 }),
  },
  'POST /api/stripe/add-payment-during-trial': {
    method: 'POST',
    url: () => '/api/stripe/add-payment-during-trial',
    body: (t) => ({ client_id: t.id, price_id: PRICE, setup_intent_id: 'seti_x', subscription_type: 'month' }),
  },
  'POST /api/stripe/create-subscription': {
    method: 'POST',
    url: () => '/api/stripe/create-subscription',
    body: (t) => ({ client_id: t.id, price_id: PRICE, setup_intent_id: 'seti_x' }),
  },
  'POST /api/stripe/save-payment': {
    method: 'POST',
    url: () => '/api/stripe/save-payment',
    body: (t) => ({ client_id: t.id, pi_id: 'pi_x' }),
  },
  'POST /api/stripe/cancel-trial': {
    method: 'POST',
    url: () => '/api/stripe/cancel-trial',
    body: (t) => ({ client_id: t.id }),
  },
  'POST /api/stripe/cancel-subscription (client_id as username)': {
    method: 'POST',
    url: () => '/api/stripe/cancel-subscription',
    body: (t) => ({ client_id: t.username }),
  },
  'GET /api/stripe/user/:email/trial-info': { method: 'GET', url: (t) => `/api/stripe/user/${t.email}/trial-info` },
  'POST /api/active-campaign/check-toolkit-user': {
    method: 'POST',
    url: () => '/api/active-campaign/check-toolkit-user',
    body: (t) => ({ email: t.email, database_id: t.id }),
  },
  'POST /api/active-campaign/check-digipremium-user': {
    method: 'POST',
    url: () => '/api/active-campaign/check-digipremium-user',
    body: (t) => ({ email: t.email, database_id: t.id }),
  },
  'POST /api/active-campaign/create-contact': {
    method: 'POST',
    url: () => '/api/active-campaign/create-contact',
    body: (t) => ({ first_name: 'A', last_name: 'B', email: t.email, database_id: t.id }),
  },
  'POST /api/active-campaign/create-contact-appsumo': {
    method: 'POST',
    url: () => '/api/active-campaign/create-contact-appsumo',
    body: (t) => ({ email: t.email, database_id: t.id }),
  },
  'POST /api/active-campaign/create-tag': {
    method: 'POST',
    url: () => '/api/active-campaign/create-tag',
    body: (t) => ({ database_id: t.id, project_plan_id: 1 }),
  },
  'POST /api/active-campaign/create-premium-tag': {
    method: 'POST',
    url: () => '/api/active-campaign/create-premium-tag',
    body: (t) => ({ database_id: t.id }),
  },
  'POST /api/active-campaign/tag': {
    method: 'POST',
    url: () => '/api/active-campaign/tag',
    body: (t) => ({
      contactTagRequest: { database_id: t.id, project_plan_id: 1 },
      tag: 'DPP Premium Member',
      tag_type: 'contact',
      description: '',
    }),
  },
  'POST /api/client/get': { method: 'POST', url: () => '/api/client/get', body: (t) => ({ email: t.email }) },
  'POST /api/client/update': {
    method: 'POST',
    url: () => '/api/client/update',
    body: (t) => ({ id: t.id, plan_name: 'Lifetime Deal' }),
  },
};

/** Every route naming a record in its path that must be the caller's own, an administrator's too. */
const OWNER_ONLY: Record<string, Call> = {
  'POST /api/:connectionType/team/:workspaceId/upload-plan/:planId/database-id/:dbUserId (teams)': {
    method: 'POST',
    url: (t) => `/api/asana/team/7/upload-plan/plan-1/database-id/${t.id}`,
    body: () => ({ accessToken: HANDLE }),
  },
  'POST /api/:connectionType/team/:workspaceId/upload-plan/:planId/database-id/:dbUserId (upload)': {
    method: 'POST',
    url: (t) => `/api/clickup/team/7/upload-plan/plan-1/database-id/${t.id}`,
    body: () => ({ accessToken: HANDLE }),
  },
  'POST /api/:connectionType/:endpoint/:workspaceId/upload-plan/:planId/database-id/:dbUserId': {
    method: 'POST',
    url: (t) => `/api/asana/teams/7/upload-plan/plan-1/database-id/${t.id}`,
    body: () => ({ accessToken: HANDLE, workspaceId: '1' }),
  },
  'POST /api/:connectionType/:endpoint/:workspaceId/boards/:boardPlanId/upload-plan/:planId/database-id/:dbUserId': {
    method: 'POST',
    url: (t) => `/api/monday/workspaces/7/boards/plan-1/upload-plan/plan-1/database-id/${t.id}`,
    body: () => ({ accessToken: HANDLE }),
  },
  'GET /monday/workspace/:name/database-id/:id': {
    method: 'GET',
    url: (t) => `/monday/workspace/Team/database-id/${t.id}`,
  },
};

/** Every administrators' route naming a member's client record (the members tab of /admin_panel). */
const ADMIN_NAMED: Record<string, Call> = Object.fromEntries([
  ['GET /api/admin/members/:clientId', { method: 'GET', url: (t: Target) => `/api/admin/members/${t.id}` }],
  ...[
    'end-sessions',
    'disable-sign-in',
    'enable-sign-in',
    'lift-lock',
    'resend-verification',
    'grant-admin',
    'revoke-admin',
  ].map((action) => [
    `POST /api/admin/members/:clientId/${action}`,
    { method: 'POST', url: (t: Target) => `/api/admin/members/${t.id}/${action}` },
  ]),
]);

const send = (call: Call, target: Target, auth: Record<string, string>) =>
  ctx.app.inject({
    method: call.method,
    url: call.url(target),
    headers: { ...auth, ...call.headers },
    ...(call.body && { payload: call.body(target) }),
  });

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: NO_CLIENT_RECORD } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: AUTH_MESSAGES.FORBIDDEN } };
const NOBODY: Target = { id: 999_999, email: 'nobody-at-all@example.com', username: 'nobody-at-all' };

async function member(email: string) {
  const { auth, username, clientId } = await signedInMember(ctx.app, email);
  return { auth, target: { id: clientId, email, username } };
}

/** Every answer of the table that differs from `expected`, as `route: status body`. */
async function deviations(
  table: Record<string, Call>,
  target: Target,
  auth: Record<string, string>,
  expected: { status: number; body: object },
) {
  const wrong: string[] = [];
  for (const [route, call] of Object.entries(table)) {
    const res = await send(call, target, auth);
    if (res.statusCode !== expected.status || JSON.stringify(res.json()) !== JSON.stringify(expected.body)) {
      wrong.push(`${route}: ${res.statusCode} ${res.body}`);
    }
  }
  return wrong;
}

describe("the caller's client record", () => {
  it('is one 404 on every route when the signed-in user has none', async () => {
    const { auth, target } = await member('no-record@example.com');
    await ctx.app.db.delete(clients).where(eq(clients.email, target.email));
    const all = { ...OWN, ...NAMED, ...OWNER_ONLY };
    // Naming the record the user used to have, or none at all: the caller has no record, whatever is named.
    expect(await deviations(all, target, auth, { status: 404, body: NOT_FOUND })).toEqual([]);
    expect(await deviations(all, NOBODY, auth, { status: 404, body: NOT_FOUND })).toEqual([]);
    // Each answer came from the helper, not from a check of the route's own before it.
    const routes = new Set(Object.keys(all).map((row) => row.replace(/ \(.*\)$/, '')));
    expect([...asked].sort()).toEqual([...routes].sort());
  });

  it('is one 403 when a member names a record that is not theirs, whether it exists or not', async () => {
    const mallory = await member('mallory-names@example.com');
    const victim = await member('victim-named@example.com');
    const named = { ...NAMED, ...OWNER_ONLY };
    expect(await deviations(named, victim.target, mallory.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
    expect(await deviations(named, NOBODY, mallory.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
  });

  it('lets an administrator name any record, with a 404 for one that does not exist, but not in an upload path', async () => {
    const admin = await member('admin-names@example.com');
    await grantAuthority(ctx.app.db, admin.target.id, ROLE_ADMIN);
    const other = await member('named-by-admin@example.com');
    expect(await deviations(NAMED, NOBODY, admin.auth, { status: 404, body: NOT_FOUND })).toEqual([]);
    expect(await deviations(OWNER_ONLY, NOBODY, admin.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
    expect(await deviations(OWNER_ONLY, other.target, admin.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
    const read = await send(NAMED['POST /api/client/get']!, other.target, admin.auth);
    expect([read.statusCode, read.json().email]).toEqual([200, other.target.email]);
  });
});

describe("the administrators' routes naming a member", () => {
  it('are 401 without a session, 403 for a member whatever they name, 404 for an administrator naming nobody', async () => {
    const mallory = await member('mallory-admin-routes@example.com');
    const victim = await member('victim-admin-routes@example.com');
    const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.SESSION_REQUIRED } };
    expect(await deviations(ADMIN_NAMED, victim.target, {}, { status: 401, body: unauthenticated })).toEqual([]);
    expect(await deviations(ADMIN_NAMED, victim.target, mallory.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
    expect(await deviations(ADMIN_NAMED, NOBODY, mallory.auth, { status: 403, body: FORBIDDEN })).toEqual([]);
    const admin = await member('admin-routes-admin@example.com');
    await grantAuthority(ctx.app.db, admin.target.id, ROLE_ADMIN);
    const missing = { error: { code: 'NOT_FOUND', message: MEMBER_ADMIN_MESSAGES.NOT_FOUND } };
    expect(await deviations(ADMIN_NAMED, NOBODY, admin.auth, { status: 404, body: missing })).toEqual([]);
    expect(Object.keys(ADMIN_NAMED).every((route) => ctx.app.adminRoutes.has(route))).toBe(true);
  });
});
