import { MEMBER_MESSAGES, PLAN_IDS, PLAN_NAMES } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeActiveCampaign } from '../../../test/fake-activecampaign';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { setLocalCrmFlags } from '../../adapters/crm/crm.local';
import { ROLE_ADMIN } from '../../plugins/auth';
import { upsertSubscription } from '../billing/billing.repository';
import { ensureClient, findClientByEmail, grantAuthority, updateClient } from '../clients/clients.repository';
import { UPLOAD_JOB_KIND } from '../integrations/integrations.service';
import { jobs } from '../jobs/jobs.tables';
import { projectPlans } from '../templates/templates.tables';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  ctx = await buildTestApp({ SUPPORT_QUESTIONS_PER_HOUR: '3' });
  admin = await signedInUser(ctx.app, 'root@example.com');
  await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'root@example.com')).id, ROLE_ADMIN);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const idOf = async (email: string) => (await findClientByEmail(ctx.app.db, email))!.id;

/** A signed-in user whose client record has the given membership facts. */
async function userWith(email: string, facts: { toolkit?: boolean; digipremium?: number; plan?: string }) {
  const user = await signedInUser(ctx.app, email);
  await updateClient(ctx.app.db, await idOf(email), {
    isToolkitUser: facts.toolkit ?? false,
    digipremium: facts.digipremium ?? 0,
    planName: facts.plan ?? '',
  });
  return user;
}

/** Our record of a finished upload of a plan (a template's id, or `ai-<id>`) by a client (what the upload job leaves behind). */
async function recordUpload(app: FastifyInstance, clientId: number, planId: number | string) {
  await app.db
    .insert(jobs)
    .values({ kind: UPLOAD_JOB_KIND, status: 'succeeded', payload: { clientId, planId: String(planId) } });
}

/** Our record of a Premium Monthly Membership bought by a client: its live subscription and the plan name. */
async function recordPremiumPurchase(app: FastifyInstance, clientId: number) {
  const now = new Date();
  await upsertSubscription(app.db, {
    provider: 'local',
    providerSubscriptionId: `sub_${clientId}`,
    clientId,
    planId: PLAN_IDS.PREMIUM,
    priceId: 'price_premium',
    status: 'active',
    startedAt: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  await updateClient(app.db, clientId, { isSubscribed: '2', planName: PLAN_NAMES.PREMIUM_MONTHLY });
}

describe('member and course rules on the server', () => {
  it('answers each member and course route by its rule: 401, 403 or 200', async () => {
    const people = {
      toolkit: await userWith('toolkit@example.com', { toolkit: true }),
      premium: await userWith('premium@example.com', { plan: 'Premium Monthly Membership' }),
      student: await userWith('student@example.com', { digipremium: 1 }),
      pro: await userWith('pro@example.com', { plan: 'Pro Monthly Membership' }),
      club: await userWith('club@example.com', { plan: "Implementer's Club" }),
    };
    const catalogue = (await get('/api/members/catalogue', people.toolkit.auth)).json();
    const training = catalogue.find((c: { category: string }) => c.category === 'Training').products[0];
    const courseProduct = (await get('/api/course/catalogue', people.student.auth)).json()[0].products[0];
    const linkId = catalogue
      .flatMap((c: { products: { project_plan_links: { id: number; type: string }[] }[] }) => c.products)
      .flatMap((p: { project_plan_links: { id: number; type: string }[] }) => p.project_plan_links)
      .find((l: { type: string }) => l.type === 'TEMPLATE_LINK').id;

    const memberRoutes = [
      '/api/members/catalogue',
      `/api/members/products/${training.id}`,
      `/api/members/template-links/${linkId}`,
    ];
    const courseRoutes = ['/api/course/catalogue', `/api/course/products/${courseProduct.id}`];
    const expected: Record<keyof typeof people, [number, number]> = {
      toolkit: [200, 403],
      premium: [200, 200],
      student: [403, 200],
      pro: [403, 403],
      club: [403, 403],
    };
    for (const url of [...memberRoutes, ...courseRoutes]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, { authorization: 'Bearer not-a-session' })).statusCode, url).toBe(401);
    }
    for (const [who, [members, course]] of Object.entries(expected)) {
      const auth = people[who as keyof typeof people].auth;
      for (const url of memberRoutes) expect((await get(url, auth)).statusCode, `${who} ${url}`).toBe(members);
      for (const url of courseRoutes) expect((await get(url, auth)).statusCode, `${who} ${url}`).toBe(course);
    }
  });

  it('serves the member categories with their video and template links, and only active products', async () => {
    const member = await userWith('links@example.com', { toolkit: true });
    const catalogue = (await get('/api/members/catalogue', member.auth)).json() as {
      category: string;
      products: { id: number; project_plan_links: { type: string }[] }[];
    }[];
    expect(catalogue.map((c) => c.category)).toEqual([
      'Training',
      'Planning & Tracking Templates',
      'Process Checklists/Templates',
      'Project Plan Templates',
    ]);
    const links = catalogue.flatMap((c) => c.products).flatMap((p) => p.project_plan_links.map((l) => l.type));
    expect(links).toContain('VIDEO_LINK');
    expect(links).toContain('TEMPLATE_LINK');
    expect((await get('/api/members/products/999999', member.auth)).statusCode).toBe(404);
    // A deactivated product leaves the area at once.
    const product = catalogue[0]!.products[0]!;
    await ctx.app.db.update(projectPlans).set({ active: false }).where(eq(projectPlans.id, product.id));
    const after = (await get('/api/members/catalogue', member.auth)).json() as typeof catalogue;
    expect(after.flatMap((c) => c.products).map((p) => p.id)).not.toContain(product.id);
    expect((await get(`/api/members/products/${product.id}`, member.auth)).statusCode).toBe(404);
    await ctx.app.db.update(projectPlans).set({ active: true }).where(eq(projectPlans.id, product.id));
    const course = (
      await get('/api/course/catalogue', (await userWith('c2@example.com', { digipremium: 1 })).auth)
    ).json();
    expect(course.map((c: { category: string }) => c.category)).toEqual(['Project Plan Templates']);
  });

  it('keeps template links out of the public catalogue', async () => {
    const body = (await get('/api/project-plans-without-pagination')).body;
    expect(body).not.toContain('"TEMPLATE_LINK"');
    expect(body).not.toContain('"SUPPORT_LINK"');
  });
});

describe('CRM calls', () => {
  it('checks the toolkit and digipremium lists and stores them on the caller’s own record', async () => {
    const user = await signedInUser(ctx.app, 'buyer@example.com');
    const id = await idOf('buyer@example.com');
    const check = () =>
      post('/api/active-campaign/check-toolkit-user', { email: 'buyer@example.com', database_id: id }, user.auth);
    expect((await check()).json()).toEqual({ is_toolkit_user: false });
    await setLocalCrmFlags(ctx.app.db, 'buyer@example.com', { toolkit: true, digipremium: true });
    expect((await check()).json()).toEqual({ is_toolkit_user: true });
    const premium = await post(
      '/api/active-campaign/check-digipremium-user',
      { email: 'buyer@example.com', database_id: id },
      user.auth,
    );
    expect(premium.json()).toEqual({ is_digipremium: true });
    const record = await findClientByEmail(ctx.app.db, 'buyer@example.com');
    expect(record).toMatchObject({ isToolkitUser: true, digipremium: 1 });
    // Now a member, on the server.
    expect((await get('/api/members/catalogue', user.auth)).statusCode).toBe(200);
    await setLocalCrmFlags(ctx.app.db, 'buyer@example.com', { toolkit: false });
    expect((await check()).json()).toEqual({ is_toolkit_user: false });
    expect((await get('/api/members/catalogue', user.auth)).statusCode).toBe(403);
  });

  it('acts only on the caller’s own record (administrators any), with strict payloads', async () => {
    const mallory = await signedInUser(ctx.app, 'mallory@example.com');
    await signedInUser(ctx.app, 'victim@example.com');
    const victim = await idOf('victim@example.com');
    const own = await idOf('mallory@example.com');
    const calls: [string, object][] = [
      ['/api/active-campaign/check-toolkit-user', { email: 'victim@example.com', database_id: victim }],
      ['/api/active-campaign/check-digipremium-user', { email: 'victim@example.com', database_id: victim }],
      [
        '/api/active-campaign/create-contact',
        { first_name: 'V', last_name: 'W', email: 'victim@example.com', database_id: victim },
      ],
      ['/api/active-campaign/create-contact-appsumo', { email: 'victim@example.com', database_id: victim }],
      ['/api/active-campaign/create-tag', { database_id: victim, project_plan_id: 1 }],
      ['/api/active-campaign/create-premium-tag', { database_id: victim }],
      [
        '/api/active-campaign/tag',
        {
          contactTagRequest: { database_id: victim, project_plan_id: 1 },
          tag: 'x',
          tag_type: 'contact',
          description: '',
        },
      ],
    ];
    for (const [url, body] of calls) {
      expect((await post(url, body)).statusCode, url).toBe(401);
      expect((await post(url, body, mallory.auth)).statusCode, url).toBe(403);
      expect((await post(url, { ...body, extra: 1 }, mallory.auth)).statusCode, url).toBe(400);
    }
    // Her own id with someone else's address is refused too.
    const mixed = await post(
      '/api/active-campaign/check-toolkit-user',
      { email: 'victim@example.com', database_id: own },
      mallory.auth,
    );
    expect(mixed.statusCode).toBe(400);
    const byAdmin = await post(
      '/api/active-campaign/create-contact',
      { first_name: 'V', last_name: 'W', email: 'victim@example.com', database_id: victim },
      admin.auth,
    );
    expect(byAdmin.statusCode).toBe(200);
  });

  it('records contacts and tags in the local CRM, listed for administrators only', async () => {
    const user = await signedInUser(ctx.app, 'contact@example.com');
    const id = await idOf('contact@example.com');
    const created = await post(
      '/api/active-campaign/create-contact',
      { first_name: 'Ada', last_name: 'Lovelace', email: 'contact@example.com', database_id: id },
      user.auth,
    );
    expect(created.json()).toEqual({ ok: true });
    await recordUpload(ctx.app, id, 7);
    await post('/api/active-campaign/create-tag', { database_id: id, project_plan_id: 7 }, user.auth);
    const url = '/api/active-campaign/events?email=contact@example.com';
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, user.auth)).statusCode).toBe(403);
    const events = (await get(url, admin.auth)).json();
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['tag_added', 'contact_created']);
    expect(events[0].detail.tag).toBe('DPP Plan Uploaded 7');
    expect(events[1].detail).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    const flags = { email: 'contact@example.com', toolkit: true };
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/active-campaign/flags', payload: flags, headers: user.auth }))
        .statusCode,
    ).toBe(403);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/active-campaign/flags',
      payload: flags,
      headers: admin.auth,
    });
    expect(set.json()).toEqual({ email: 'contact@example.com', toolkit: true, digipremium: false });
  });
});

describe('CRM tags, against an ActiveCampaign account', () => {
  let crm: Awaited<ReturnType<typeof startFakeActiveCampaign>>;
  let app: TestContext;
  const TOOLKIT = { id: '7', tag: 'DPP Toolkit' };
  const DIGIPREMIUM = { id: '8', tag: 'DigiPremium Student' };
  beforeAll(async () => {
    crm = await startFakeActiveCampaign('ac-key');
    crm.state.tags.push(TOOLKIT, DIGIPREMIUM);
    app = await buildTestApp({
      ACTIVECAMPAIGN_API_URL: crm.apiUrl,
      ACTIVECAMPAIGN_API_KEY: 'ac-key',
      ACTIVECAMPAIGN_TOOLKIT_TAG_ID: TOOLKIT.id,
      ACTIVECAMPAIGN_DIGIPREMIUM_TAG_ID: DIGIPREMIUM.id,
    });
  });
  afterAll(async () => {
    await app.close();
    await crm.close();
  });

  const call = (url: string, payload: object, headers: Record<string, string>) =>
    app.app.inject({ method: 'POST', url, payload, headers });
  const tag = (databaseId: number, name: string, projectPlanId: number | string = 1) => ({
    contactTagRequest: { database_id: databaseId, project_plan_id: projectPlanId },
    tag: name,
    tag_type: 'contact',
    description: '',
  });
  const tagsOf = (email: string) => {
    const contact = crm.state.contacts.find((c) => c.email === email);
    const ids = crm.state.contactTags.filter((t) => t.contact === contact?.id).map((t) => t.tag);
    return crm.state.tags.filter((t) => ids.includes(t.id)).map((t) => t.tag);
  };
  const member = async (email: string) => {
    const user = await signedInUser(app.app, email);
    return { ...user, id: (await findClientByEmail(app.app.db, email))!.id, email };
  };

  it('refuses a member the toolkit and digipremium tags, so the paid areas stay shut', async () => {
    const mallory = await member('tagger@example.com');
    for (const name of [TOOLKIT.tag, DIGIPREMIUM.tag, 'anything else']) {
      const res = await call('/api/active-campaign/tag', tag(mallory.id, name), mallory.auth);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe(
        'This tag cannot be added: only the premium membership, lifetime deal and uploaded plan tags can.',
      );
    }
    expect(tagsOf(mallory.email)).toEqual([]);
    const check = { email: mallory.email, database_id: mallory.id };
    expect((await call('/api/active-campaign/check-toolkit-user', check, mallory.auth)).json()).toEqual({
      is_toolkit_user: false,
    });
    expect((await call('/api/active-campaign/check-digipremium-user', check, mallory.auth)).json()).toEqual({
      is_digipremium: false,
    });
    for (const url of ['/api/members/catalogue', '/api/course/catalogue']) {
      expect((await app.app.inject({ method: 'GET', url, headers: mallory.auth })).statusCode, url).toBe(403);
    }
  });

  it('tags a Premium member only when our records show the premium purchase', async () => {
    const buyer = await member('premium-buyer@example.com');
    const refused = await call('/api/active-campaign/create-premium-tag', { database_id: buyer.id }, buyer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('The premium tag needs a Premium Monthly Membership on this account.');
    const named = await call('/api/active-campaign/tag', tag(buyer.id, 'DPP Premium Member'), buyer.auth);
    expect(named.statusCode).toBe(403);
    // The plan name alone (a trial without a card) is no purchase.
    await updateClient(app.app.db, buyer.id, { isSubscribed: '1', planName: PLAN_NAMES.PREMIUM_MONTHLY });
    expect(
      (await call('/api/active-campaign/create-premium-tag', { database_id: buyer.id }, buyer.auth)).statusCode,
    ).toBe(403);
    expect(tagsOf(buyer.email)).toEqual([]);
    await recordPremiumPurchase(app.app, buyer.id);
    const tagged = await call('/api/active-campaign/create-premium-tag', { database_id: buyer.id }, buyer.auth);
    expect(tagged.statusCode).toBe(200);
    expect(tagsOf(buyer.email)).toEqual(['DPP Premium Member']);
  });

  it('tags an uploaded plan only after our record of its upload, and the lifetime deal only for its holder', async () => {
    const uploader = await member('uploader@example.com');
    const planTag = { database_id: uploader.id, project_plan_id: 12 };
    const early = await call('/api/active-campaign/create-tag', planTag, uploader.auth);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('This plan has not been uploaded from this account.');
    // Someone else's upload of the plan does not count.
    await recordUpload(app.app, (await member('other-uploader@example.com')).id, 12);
    expect((await call('/api/active-campaign/create-tag', planTag, uploader.auth)).statusCode).toBe(403);
    await recordUpload(app.app, uploader.id, 12);
    expect((await call('/api/active-campaign/create-tag', planTag, uploader.auth)).statusCode).toBe(200);
    // Through the named route the name must be the one of the plan in the request.
    expect(
      (await call('/api/active-campaign/tag', tag(uploader.id, 'DPP Plan Uploaded 13', 12), uploader.auth)).statusCode,
    ).toBe(400);
    expect(
      (await call('/api/active-campaign/tag', tag(uploader.id, 'DPP Plan Uploaded 12', 12), uploader.auth)).statusCode,
    ).toBe(200);
    const deal = await call('/api/active-campaign/tag', tag(uploader.id, 'DPP AppSumo'), uploader.auth);
    expect(deal.statusCode).toBe(403);
    expect(deal.json().error.message).toBe('This account has no lifetime deal.');
    expect(tagsOf(uploader.email)).toEqual(['DPP Plan Uploaded 12']);
  });

  it('tags an AI planner plan after our record of its upload by this member, and only then', async () => {
    const planner = await member('ai-uploader@example.com');
    const planTag = { database_id: planner.id, project_plan_id: 'ai-41' };
    const early = await call('/api/active-campaign/create-tag', planTag, planner.auth);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('This plan has not been uploaded from this account.');
    // Another member's upload of a plan with that id does not count.
    await recordUpload(app.app, (await member('other-ai-uploader@example.com')).id, 'ai-41');
    expect((await call('/api/active-campaign/create-tag', planTag, planner.auth)).statusCode).toBe(403);
    await recordUpload(app.app, planner.id, 'ai-41');
    const tagged = await call('/api/active-campaign/create-tag', planTag, planner.auth);
    expect(tagged.statusCode).toBe(200);
    expect(
      (await call('/api/active-campaign/tag', tag(planner.id, 'DPP AI Plan Uploaded', 'ai-41'), planner.auth))
        .statusCode,
    ).toBe(200);
    expect(tagsOf(planner.email)).toEqual(['DPP AI Plan Uploaded']);
    // A member's own copy (My Plans), once its upload finished.
    const copyTag = { ...planTag, project_plan_id: 'my-plan-7' };
    expect((await call('/api/active-campaign/create-tag', copyTag, planner.auth)).statusCode).toBe(403);
    await recordUpload(app.app, planner.id, 'my-plan-7');
    expect((await call('/api/active-campaign/create-tag', copyTag, planner.auth)).statusCode).toBe(200);
    expect(tagsOf(planner.email)).toEqual(['DPP AI Plan Uploaded', 'DPP My Plan Uploaded']);
    // Anything else in the plan's place is still a 400 in plain words.
    for (const bad of ['ai-', 'ai-0', 'ai-x', 'template-3', 'ai-12345678901', 'my-plan-', 'my-plan-0', 'my-plan-x']) {
      const res = await call('/api/active-campaign/create-tag', { ...planTag, project_plan_id: bad }, planner.auth);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('POST /email/send-email', () => {
  const question = (to = 'support@digitalprojectplanner.com') => ({
    from: 'asker@example.com',
    to,
    subject: 'How do I share a plan?',
    body: 'Can I share one plan with my VA?',
  });

  it('sends to the support address only, with the member as reply-to', async () => {
    expect((await post('/email/send-email', question())).statusCode).toBe(401);
    // Signed in is not enough: the form is the members area's.
    const outsider = await userWith('outsider@example.com', { plan: 'Pro Monthly Membership', digipremium: 1 });
    const refused = await post('/email/send-email', { ...question(), from: 'outsider@example.com' }, outsider.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MEMBER_MESSAGES.MEMBERS_ONLY);
    expect((await get('/api/dev/mailbox?to=support@digitalprojectplanner.com')).json()).toEqual([]);
    const user = await userWith('asker@example.com', { toolkit: true });
    const relay = await post('/email/send-email', question('someone@elsewhere.com'), user.auth);
    expect(relay.statusCode).toBe(400);
    expect(relay.json().error.message).toBe('Questions can only be sent to our support team.');
    const elsewhere = await get('/api/dev/mailbox?to=someone@elsewhere.com');
    expect(elsewhere.json()).toEqual([]);
    const sent = await post('/email/send-email', { ...question(), from: 'other@example.com' }, user.auth);
    expect(sent.json()).toEqual({ ok: true });
    const [mail] = (await get('/api/dev/mailbox?to=support@digitalprojectplanner.com')).json();
    expect(mail).toMatchObject({ subject: 'Q&A question: How do I share a plan?', reply_to: 'asker@example.com' });
    expect(mail.text).toContain('Contact e-mail given in the form: other@example.com');
    expect((await post('/email/send-email', { ...question(), cc: 'x@example.com' }, user.auth)).statusCode).toBe(400);
  });

  it('limits how many questions one user sends per hour', async () => {
    const user = await userWith('chatty@example.com', { plan: 'Premium Monthly Membership' });
    const payload = { ...question(), from: 'chatty@example.com' };
    for (let i = 0; i < 3; i += 1) expect((await post('/email/send-email', payload, user.auth)).statusCode).toBe(200);
    const limited = await post('/email/send-email', payload, user.auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another user is not affected.
    const other = await userWith('quiet@example.com', { toolkit: true });
    expect((await post('/email/send-email', { ...payload, from: 'quiet@example.com' }, other.auth)).statusCode).toBe(
      200,
    );
  });
});
