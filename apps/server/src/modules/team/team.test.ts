import {
  MY_PLANS_MESSAGES,
  type MyPlan,
  type MyPlanList,
  type MyPlanOpened,
  PLAN_ACCESS_MESSAGES,
  PLAN_IDS,
  TEAM_MESSAGES,
  type Team,
} from '@dpp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInMember, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { grantAuthority } from '../clients/clients.repository';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

let ctx: TestContext;
let app: FastifyInstance;
let freeId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  app = ctx.app;
  const [row] = await rows<{ id: number }>(sql`select id from project_plans where slug = ${FREE}`);
  freeId = row!.id;
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
type Member = Awaited<ReturnType<typeof signedInMember>>;

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth = {}, payload?: object) =>
  app.inject({ method, url, headers: auth, ...(payload && { payload }) });

/** A member on the Growth membership: five teammates. */
async function growthMember(email: string): Promise<Member> {
  const m = await signedInMember(app, email);
  await app.db.execute(sql`update clients set is_subscribed = '2',
    plan_name = (select membership_name from plans where id = ${PLAN_IDS.GROWTH}) where id = ${m.clientId}`);
  return m;
}

/** The secret of the newest invitation link mailed to an address. */
async function invitationToken(to: string): Promise<string> {
  const res = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const links = (res.json() as { links: string[] }[])
    .flatMap((m) => m.links)
    .filter((l) => l.includes('/team/accept/'));
  const link = links.at(-1);
  if (!link) throw new Error(`no invitation mailed to ${to}`);
  return new URL(link).pathname.split('/').at(-1)!;
}

async function invite(owner: Member, name: string, email: string) {
  const res = await call('POST', '/api/team/invitations', owner.auth, { name, email });
  expect(res.statusCode, res.body).toBe(201);
  return invitationToken(email);
}

/** `who` joins `owner`'s team through a mailed invitation. */
async function joinTeam(owner: Member, who: Member, name: string) {
  const token = await invite(owner, name, who.email);
  const res = await call('POST', `/api/team/invitations/${token}/accept`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
}

async function takeCopy(owner: Member): Promise<MyPlan> {
  const res = await call('POST', '/api/my-plans', owner.auth, { source: 'template', templateId: freeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MyPlan;
}

const share = (owner: Member, planId: number, teammates: { id: number; role: string }[]) =>
  call('PUT', `/api/my-plans/${planId}/access`, owner.auth, { teammates });

const open = (who: Member, planId: number) => call('GET', `/api/my-plans/${planId}`, who.auth);

/** A save of the copy as `who` opened it, with `change` made to it. */
async function save(who: Member, planId: number, change: (copy: MyPlanOpened) => void = () => {}) {
  const copy = (await open(who, planId)).json() as MyPlanOpened;
  change(copy);
  return call('PUT', `/api/my-plans/${planId}`, who.auth, { version: copy.version, name: copy.name, plan: copy.plan });
}

const firstTask = (copy: MyPlanOpened) => copy.plan.sections[0]!.tasks[0]!;

describe('an invitation', () => {
  it('is mailed with its link, accepted by a new account after verification, and makes a teammate', async () => {
    const owner = await growthMember('inv-owner@example.com');
    await app.db.execute(sql`update users set given_name = 'Olga', family_name = 'Owner' where email = ${owner.email}`);
    const res = await call('POST', '/api/team/invitations', owner.auth, { name: 'Nia', email: 'Nia-New@Example.com' });
    expect([res.statusCode, res.json().message]).toEqual([201, TEAM_MESSAGES.INVITED('nia-new@example.com')]);
    const [mail] = (await call('GET', '/api/dev/mailbox?to=nia-new%40example.com')).json() as { subject: string }[];
    expect(mail!.subject).toContain('Olga Owner');
    const token = await invitationToken('nia-new@example.com');
    const view = await call('GET', `/api/team/invitations/${token}`);
    expect(view.json()).toEqual({ state: 'valid', owner_first_name: 'Olga', invited_name: 'Nia', message: null });
    // Only the hash of the secret is stored.
    expect(await rows(sql`select 1 from team_invitations where token_hash = ${token}`)).toEqual([]);

    const team = (await call('GET', '/api/team', owner.auth)).json() as Team;
    expect(team.invitations.map((i) => [i.name, i.email, i.expired])).toEqual([['Nia', 'nia-new@example.com', false]]);
    expect(team.limit).toBe(5);

    // A new account, through the normal sign-up and its verification, then the accept link.
    const nia = await signedInUser(app, 'nia-new@example.com');
    const accepted = await call('POST', `/api/team/invitations/${token}/accept`, nia.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().owner_name).toBe('Olga');
    const after = (await call('GET', '/api/team', owner.auth)).json() as Team;
    expect(after.invitations).toEqual([]);
    expect(after.teammates.map((t) => [t.name, t.email])).toEqual([['Nia', 'nia-new@example.com']]);

    // Single use.
    const again = await call('POST', `/api/team/invitations/${token}/accept`, nia.auth);
    expect([again.statusCode, again.json().error.message]).toEqual([409, TEAM_MESSAGES.USED]);
    expect((await call('GET', `/api/team/invitations/${token}`)).json()).toMatchObject({
      state: 'used',
      message: TEAM_MESSAGES.USED,
    });
  });

  it('is accepted by an existing account; refused for another account, naming the invited address', async () => {
    const owner = await growthMember('inv-owner2@example.com');
    const ed = await signedInMember(app, 'ed-existing@example.com');
    const other = await signedInMember(app, 'not-ed@example.com');
    const token = await invite(owner, 'Ed', ed.email);
    const wrong = await call('POST', `/api/team/invitations/${token}/accept`, other.auth);
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([403, TEAM_MESSAGES.WRONG_ACCOUNT(ed.email)]);
    expect((await call('POST', `/api/team/invitations/${token}/accept`)).statusCode).toBe(401);
    expect((await call('POST', `/api/team/invitations/${token}/accept`, ed.auth)).statusCode).toBe(200);
  });

  it('is refused once expired or withdrawn, with a clear message', async () => {
    const owner = await growthMember('inv-owner3@example.com');
    await app.db.execute(sql`update users set given_name = 'Pia' where email = ${owner.email}`);
    const late = await signedInMember(app, 'late@example.com');
    const token = await invite(owner, 'Late', late.email);
    await app.db.execute(
      sql`update team_invitations set expires_at = now() - interval '1 minute' where email = ${late.email}`,
    );
    const expired = await call('POST', `/api/team/invitations/${token}/accept`, late.auth);
    expect([expired.statusCode, expired.json().error.message]).toEqual([409, TEAM_MESSAGES.EXPIRED('Pia')]);
    expect(((await call('GET', '/api/team', owner.auth)).json() as Team).invitations[0]!.expired).toBe(true);

    const token2 = await invite(owner, 'Late', late.email);
    const [pending] = ((await call('GET', '/api/team', owner.auth)).json() as Team).invitations;
    expect((await call('DELETE', `/api/team/invitations/${pending!.id}`, owner.auth)).statusCode).toBe(204);
    const withdrawn = await call('POST', `/api/team/invitations/${token2}/accept`, late.auth);
    expect([withdrawn.statusCode, withdrawn.json().error.message]).toEqual([404, TEAM_MESSAGES.WITHDRAWN]);
    expect((await call('GET', `/api/team/invitations/${token2}`)).json()).toEqual({
      state: 'withdrawn',
      owner_first_name: null,
      invited_name: null,
      message: TEAM_MESSAGES.WITHDRAWN,
    });
    // Someone else's invitation cannot be withdrawn.
    const stranger = await signedInMember(app, 'inv-stranger@example.com');
    await invite(owner, 'Late', late.email);
    const [third] = ((await call('GET', '/api/team', owner.auth)).json() as Team).invitations;
    expect((await call('DELETE', `/api/team/invitations/${third!.id}`, stranger.auth)).statusCode).toBe(404);
  });

  it('answers the same whether the address has an account or not', async () => {
    const owner = await growthMember('inv-owner4@example.com');
    await signedInMember(app, 'has-account@example.com');
    const known = await call('POST', '/api/team/invitations', owner.auth, {
      name: 'A',
      email: 'has-account@example.com',
    });
    const unknown = await call('POST', '/api/team/invitations', owner.auth, {
      name: 'A',
      email: 'no-account@example.com',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    const strip = (body: string, email: string) => body.replace(email, '<email>');
    expect(strip(known.body, 'has-account@example.com')).toBe(strip(unknown.body, 'no-account@example.com'));
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    const views = await Promise.all(
      ['has-account@example.com', 'no-account@example.com'].map(async (email) =>
        (await call('GET', `/api/team/invitations/${await invitationToken(email)}`)).json(),
      ),
    );
    expect(views[0]).toEqual(views[1]);
  });

  it('is refused past the membership’s teammates, pending ones counted, naming the limit', async () => {
    // No membership: one teammate.
    const owner = await signedInMember(app, 'inv-limit@example.com');
    await invite(owner, 'One', 'limit-one@example.com');
    const second = await call('POST', '/api/team/invitations', owner.auth, {
      name: 'Two',
      email: 'limit-two@example.com',
    });
    expect([second.statusCode, second.json().error.message]).toEqual([403, TEAM_MESSAGES.LIMIT_REACHED(1)]);
    expect(TEAM_MESSAGES.LIMIT_REACHED(1)).toContain('upgrade');
    // Sending the same address again replaces its invitation rather than counting twice.
    expect(
      (await call('POST', '/api/team/invitations', owner.auth, { name: 'One', email: 'limit-one@example.com' }))
        .statusCode,
    ).toBe(201);
    const self = await call('POST', '/api/team/invitations', owner.auth, { name: 'Me', email: owner.email });
    expect([self.statusCode, self.json().error.message]).toEqual([400, TEAM_MESSAGES.NOT_YOURSELF]);
  });

  it('is sent within a budget an hour, then 429 with Retry-After and words', async () => {
    const owner = await growthMember('inv-budget@example.com');
    // Withdrawn at once, so the limit of teammates never stands in the way.
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/team/invitations', owner.auth, {
        name: 'B',
        email: `budget-${i}@example.com`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [pending] = ((await call('GET', '/api/team', owner.auth)).json() as Team).invitations;
      await call('DELETE', `/api/team/invitations/${pending!.id}`, owner.auth);
    }
    const refused = await call('POST', '/api/team/invitations', owner.auth, {
      name: 'B',
      email: 'budget-x@example.com',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^You can send up to 10 invitations an hour\. Please try again in/);
  });
});

describe('a shared plan', () => {
  it('is listed apart for its teammates, read by a viewer who cannot save it, saved by an editor', async () => {
    const owner = await growthMember('share-owner@example.com');
    await app.db.execute(sql`update users set given_name = 'Sam', family_name = 'Shares' where email = ${owner.email}`);
    const viewer = await signedInMember(app, 'share-viewer@example.com');
    const editor = await signedInMember(app, 'share-editor@example.com');
    await joinTeam(owner, viewer, 'Vic');
    await joinTeam(owner, editor, 'Eve');
    const copy = await takeCopy(owner);
    // Not shared yet: nothing of it for a teammate.
    expect((await open(viewer, copy.id)).statusCode).toBe(404);
    const shared = await share(owner, copy.id, [
      { id: viewer.clientId, role: 'viewer' },
      { id: editor.clientId, role: 'editor' },
    ]);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().people).toEqual([
      { id: owner.clientId, name: 'Sam Shares', role: 'owner' },
      { id: viewer.clientId, name: 'Vic', role: 'viewer', email: viewer.email },
      { id: editor.clientId, name: 'Eve', role: 'editor', email: editor.email },
    ]);

    const list = (await call('GET', '/api/my-plans', viewer.auth)).json() as MyPlanList;
    expect(list.plans).toEqual([]);
    expect(list.shared).toMatchObject([{ id: copy.id, owner_name: 'Sam Shares', role: 'viewer' }]);
    const seen = (await open(viewer, copy.id)).json() as MyPlanOpened;
    expect(seen).toMatchObject({ role: 'viewer', owner_name: 'Sam Shares' });
    // E-mails for the owner only.
    expect(seen.team.every((p) => p.email === undefined)).toBe(true);
    expect(((await open(owner, copy.id)).json() as MyPlanOpened).team[1]!.email).toBe(viewer.email);

    const refused = await save(viewer, copy.id, (c) => {
      c.name = 'Viewer was here';
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, PLAN_ACCESS_MESSAGES.VIEWER_CANNOT_SAVE]);
    const saved = await save(editor, copy.id, (c) => {
      c.name = 'Edited by Eve';
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await open(owner, copy.id)).json() as MyPlanOpened).name).toBe('Edited by Eve');
    // Both download it; only the owner deletes it or changes its access.
    const download = await call('GET', `/api/my-plans/${copy.id}/download?format=xlsx`, viewer.auth);
    expect(download.statusCode, download.body).toBe(200);
    const deleting = await call('DELETE', `/api/my-plans/${copy.id}`, editor.auth);
    expect([deleting.statusCode, deleting.json().error.message]).toEqual([403, PLAN_ACCESS_MESSAGES.OWNER_ONLY]);
    expect((await share(editor, copy.id, [{ id: viewer.clientId, role: 'editor' }])).statusCode).toBe(403);
  });

  it('of two editors saving the same version, the later gets the conflict message and nothing is lost', async () => {
    const owner = await growthMember('two-owner@example.com');
    const a = await signedInMember(app, 'two-a@example.com');
    const b = await signedInMember(app, 'two-b@example.com');
    await joinTeam(owner, a, 'A');
    await joinTeam(owner, b, 'B');
    const copy = await takeCopy(owner);
    await share(owner, copy.id, [
      { id: a.clientId, role: 'editor' },
      { id: b.clientId, role: 'editor' },
    ]);
    const base = (await open(a, copy.id)).json() as MyPlanOpened;
    const put = (who: Member, name: string) =>
      call('PUT', `/api/my-plans/${copy.id}`, who.auth, { version: base.version, name, plan: base.plan });
    expect((await put(a, 'From A')).statusCode).toBe(200);
    const later = await put(b, 'From B');
    expect([later.statusCode, later.json().error.message]).toEqual([409, MY_PLANS_MESSAGES.STALE_VERSION]);
    expect(((await open(owner, copy.id)).json() as MyPlanOpened).name).toBe('From A');
    // The later editor's page reads the latest and makes its change again on it (use-plan-editor's merge): both
    // changes are kept.
    const again = await save(b, copy.id, (c) => {
      firstTask(c).owner = 'B';
      firstTask(c).assignee_id = b.clientId;
    });
    expect(again.statusCode, again.body).toBe(200);
    const both = (await open(owner, copy.id)).json() as MyPlanOpened;
    expect([both.name, firstTask(both).owner, firstTask(both).assignee_id]).toEqual(['From A', 'B', b.clientId]);
  });

  it('takes assignees from its team only, and unassigns a teammate removed, at once 404 for them', async () => {
    const owner = await growthMember('assign-owner@example.com');
    const kit = await signedInMember(app, 'assign-kit@example.com');
    const lee = await signedInMember(app, 'assign-lee@example.com');
    await joinTeam(owner, kit, 'Kit');
    await joinTeam(owner, lee, 'Lee');
    const copy = await takeCopy(owner);
    await share(owner, copy.id, [{ id: kit.clientId, role: 'editor' }]);
    // Lee is a teammate but has no access to this plan: not in its team.
    const outside = await save(owner, copy.id, (c) => {
      firstTask(c).assignee_id = lee.clientId;
    });
    expect([outside.statusCode, outside.json().error.message]).toEqual([
      400,
      PLAN_ACCESS_MESSAGES.ASSIGNEE_NOT_IN_TEAM,
    ]);
    const stranger = await save(owner, copy.id, (c) => {
      firstTask(c).assignee_id = 999_999;
    });
    expect(stranger.statusCode).toBe(400);
    const assigned = await save(owner, copy.id, (c) => {
      firstTask(c).assignee_id = kit.clientId;
      firstTask(c).owner = 'Kit';
      c.plan.sections[0]!.tasks[1]!.assignee_id = owner.clientId;
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    expect((await call('DELETE', `/api/team/${kit.clientId}`, owner.auth)).statusCode).toBe(204);
    expect((await open(kit, copy.id)).statusCode).toBe(404);
    expect((await open(kit, copy.id)).json().error.message).toBe(MY_PLANS_MESSAGES.NOT_FOUND);
    const after = (await open(owner, copy.id)).json() as MyPlanOpened;
    expect([firstTask(after).assignee_id, firstTask(after).owner]).toEqual([null, 'Kit']);
    expect(after.plan.sections[0]!.tasks[1]!.assignee_id).toBe(owner.clientId);
    expect(after.team.map((p) => p.role)).toEqual(['owner']);
    expect((await call('DELETE', `/api/team/${kit.clientId}`, owner.auth)).statusCode).toBe(404);
  });

  it('unassigns, never deletes, the tasks of a teammate who deletes their account', async () => {
    const owner = await growthMember('gone-owner@example.com');
    const gil = await signedInMember(app, 'gone-gil@example.com');
    await joinTeam(owner, gil, 'Gil');
    const copy = await takeCopy(owner);
    await share(owner, copy.id, [{ id: gil.clientId, role: 'editor' }]);
    const tasks = firstTask((await open(owner, copy.id)).json() as MyPlanOpened);
    expect(
      (
        await save(gil, copy.id, (c) => {
          firstTask(c).assignee_id = gil.clientId;
          firstTask(c).owner = 'Gil';
        })
      ).statusCode,
    ).toBe(200);
    const deleted = await call('POST', '/api/my-data/delete-account', gil.auth, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await open(owner, copy.id)).json() as MyPlanOpened;
    expect(firstTask(after)).toMatchObject({ id: tasks.id, name: tasks.name, assignee_id: null, owner: 'Gil' });
    expect(((await call('GET', '/api/team', owner.auth)).json() as Team).teammates).toEqual([]);
    expect(after.team.map((p) => p.role)).toEqual(['owner']);
  });
});

describe('the route matrix', () => {
  it('answers each new or changed route by role: owner, editor, viewer, outsider, administrator, signed out', async () => {
    const owner = await growthMember('matrix-owner@example.com');
    const editor = await signedInMember(app, 'matrix-editor@example.com');
    const viewer = await signedInMember(app, 'matrix-viewer@example.com');
    const outsider = await signedInMember(app, 'matrix-outsider@example.com');
    const admin = await signedInMember(app, 'matrix-admin@example.com');
    await grantAuthority(app.db, admin.clientId, ROLE_ADMIN);
    await joinTeam(owner, editor, 'Ed');
    await joinTeam(owner, viewer, 'Vi');
    const copy = await takeCopy(owner);
    await share(owner, copy.id, [
      { id: editor.clientId, role: 'editor' },
      { id: viewer.clientId, role: 'viewer' },
    ]);
    const callers: Record<string, Auth> = {
      owner: owner.auth,
      editor: editor.auth,
      viewer: viewer.auth,
      outsider: outsider.auth,
      admin: admin.auth,
      'signed out': {},
    };
    const body = copy as unknown as { version: number; name: string; plan: unknown };
    const routes: [
      string,
      () => [method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object],
      Record<string, number>,
    ][] = [
      [
        'GET /api/my-plans/:id',
        () => ['GET', `/api/my-plans/${copy.id}`],
        { owner: 200, editor: 200, viewer: 200, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'PUT /api/my-plans/:id',
        () => ['PUT', `/api/my-plans/${copy.id}`, { version: 999, name: body.name, plan: body.plan }],
        { owner: 409, editor: 409, viewer: 403, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'GET /api/my-plans/:id/download',
        () => ['GET', `/api/my-plans/${copy.id}/download?format=docx`],
        { owner: 200, editor: 200, viewer: 200, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'PUT /api/my-plans/:id/access',
        () => ['PUT', `/api/my-plans/${copy.id}/access`, { teammates: [] }],
        { owner: 200, editor: 403, viewer: 403, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'GET /api/my-plans/:id/progress',
        () => ['GET', `/api/my-plans/${copy.id}/progress`],
        { owner: 200, editor: 404, viewer: 404, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'GET /api/my-plans',
        () => ['GET', '/api/my-plans'],
        { owner: 200, editor: 200, viewer: 200, outsider: 200, admin: 200, 'signed out': 401 },
      ],
      [
        'GET /api/team',
        () => ['GET', '/api/team'],
        { owner: 200, editor: 200, viewer: 200, outsider: 200, admin: 200, 'signed out': 401 },
      ],
      [
        'DELETE /api/team/invitations/:id',
        () => ['DELETE', '/api/team/invitations/999999'],
        { owner: 404, editor: 404, viewer: 404, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'GET /api/team/invitations/:token',
        () => ['GET', '/api/team/invitations/no-such-invitation-secret'],
        { owner: 200, editor: 200, viewer: 200, outsider: 200, admin: 200, 'signed out': 200 },
      ],
      [
        'POST /api/team/invitations/:token/accept',
        () => ['POST', '/api/team/invitations/no-such-invitation-secret/accept'],
        { owner: 404, editor: 404, viewer: 404, outsider: 404, admin: 404, 'signed out': 401 },
      ],
      [
        'DELETE /api/my-plans/:id',
        () => ['DELETE', `/api/my-plans/${copy.id}`],
        { editor: 403, viewer: 403, outsider: 404, admin: 404, 'signed out': 401, owner: 204 },
      ],
      [
        'DELETE /api/team/:teammateId',
        () => ['DELETE', `/api/team/${viewer.clientId}`],
        { editor: 404, viewer: 404, outsider: 404, admin: 404, 'signed out': 401, owner: 204 },
      ],
    ];
    const seen: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const [name, request, statuses] of routes) {
      expected[name] = statuses;
      seen[name] = {};
      // The roles in the order written: a deletion or removal by the owner comes after the others.
      for (const role of Object.keys(statuses)) {
        const [method, url, payload] = request();
        seen[name]![role] = (await call(method, url, callers[role], payload)).statusCode;
      }
    }
    expect(seen).toEqual(expected);
    // POST /api/team/invitations by role: any signed-in member may invite to their own team.
    for (const [role, auth] of Object.entries(callers)) {
      const res = await call('POST', '/api/team/invitations', auth, {
        name: 'X',
        email: `matrix-x-${role.replace(' ', '-')}@example.com`,
      });
      expect([role, res.statusCode]).toEqual([role, role === 'signed out' ? 401 : 201]);
    }
  });
});
