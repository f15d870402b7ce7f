import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_MESSAGES, PLAN_IDS, ProjectPlanSchema, UPLOAD_MAX_BYTES, type UploadLinkResponse } from '@dpp/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { UploadSigner } from '../../adapters/storage/storage.local';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority, updateClient } from '../clients/clients.repository';
import { writePlanSheet } from '../files/files.plan-sheet';
import { claimUpload, createUploadLink } from '../files/files.service';
import { permissions, planPermissions } from '../permissions/permissions.tables';
import { projectPlans } from './templates.tables';

const SECRET = 'a-test-signing-secret-of-at-least-32-characters';
const uploadsDir = mkdtempSync(join(tmpdir(), 'dpp-uploads-'));
let ctx: TestContext;
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp({
    STORAGE_SIGNING_SECRET: SECRET,
    UPLOADS_DIR: uploadsDir,
    CATALOGUE_CACHE_SECONDS: '3600',
  });
  admin = (await signedInUser(ctx.app, 'boss@example.com')).auth;
  await grantAuthority(ctx.app.db, (await ensureClient(ctx.app.db, 'boss@example.com')).id, ROLE_ADMIN);
  member = (await signedInUser(ctx.app, 'member@example.com')).auth;
});
afterAll(async () => {
  await ctx.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082',
    'hex',
  ),
]);
const PLAN = {
  sections: [
    {
      name: 'Prepare',
      description: 'Get ready',
      tasks: [
        {
          name: 'Pick a date',
          description: 'When',
          due_in_days: 2,
          subtasks: [{ name: 'Check calendar', description: '' }],
        },
        { name: 'Book a room', description: '', due_in_days: 5, subtasks: [] },
      ],
    },
    { name: 'Run', description: '', tasks: [{ name: 'Hold it', description: '', due_in_days: 9, subtasks: [] }] },
  ],
};

const inject = ctx_inject;
function ctx_inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers, ...(payload && { payload }) });
}

async function uploadLink(fileName: string): Promise<UploadLinkResponse> {
  const res = await inject('POST', '/api/upload/link', admin, { fileName });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function upload(fileName: string, body: Buffer) {
  const link = await uploadLink(fileName);
  const res = await ctx.app.inject({ method: 'PUT', url: link.url, headers: link.headers, payload: body });
  return { link, res };
}

/** A signed-in user on the plan that opens the members area. */
async function premiumMember(email: string) {
  const user = await signedInUser(ctx.app, email);
  await updateClient(ctx.app.db, (await ensureClient(ctx.app.db, email)).id, {
    planName: 'Premium Monthly Membership',
  });
  return user.auth;
}

const publicList = async () =>
  (await inject('GET', '/api/project-plans-without-pagination')).json() as { id: number; product_name: string }[];

describe('admin routes', () => {
  // A valid request for each route whose input is read before its guard runs (guards on preHandler):
  // the refusal must come from the guard, not from validation.
  const samples: Record<string, object> = {
    'POST /api/project-plans': { product_name: 'X', category: 'Training' },
    'PUT /api/project-plans/': { id: 1, product_name: 'X', category: 'Training' },
    'POST /api/upload/link': { fileName: 'a.png' },
    'POST /api/permissions/plan': { is_displayed: true, plan: { id: 4 }, entity_type: 'PLAN', permission: { id: 1 } },
    'PUT /api/permissions/plan': {
      is_displayed: true,
      plan: { id: 4 },
      entity_type: 'PLAN',
      permission: { id: 1 },
      queryId: 1,
    },
    'PUT /api/active-campaign/flags': { email: 'member@example.com', toolkit: true },
    'POST /api/appsumo/codes/import': { csv: 'code\nLTD-MATRIX-0001' },
  };
  const routes = () =>
    [...ctx.app.adminRoutes].sort().map((route) => {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      return { route, method, url: url.replace(/:[a-zA-Z]+/g, '1') };
    });

  it('are collected from the guard itself, wherever it is hooked', () => {
    for (const route of [
      'POST /api/project-plans',
      'DELETE /api/project-plan-link/:id',
      'DELETE /api/permissions/plan/:id',
      'PUT /api/active-campaign/flags',
      'GET /api/active-campaign/events',
      'GET /api/admin/audit-events',
      'POST /api/appsumo/codes/import',
      'GET /api/admin/members',
      'GET /api/admin/members/:clientId',
      'POST /api/admin/members/:clientId/end-sessions',
      'POST /api/admin/members/:clientId/disable-sign-in',
      'POST /api/admin/members/:clientId/enable-sign-in',
      'POST /api/admin/members/:clientId/lift-lock',
      'POST /api/admin/members/:clientId/resend-verification',
      'POST /api/admin/members/:clientId/grant-admin',
      'POST /api/admin/members/:clientId/revoke-admin',
      'GET /api/admin/insights',
      'GET /api/admin/insights.csv',
    ]) {
      expect(ctx.app.adminRoutes.has(route), route).toBe(true);
    }
    // Members' and public routes are not administrators' routes.
    expect(ctx.app.adminRoutes.has('GET /api/project-plans')).toBe(false);
    expect(ctx.app.adminRoutes.has('POST /email/send-email')).toBe(false);
  });

  it('every one answers 401 without a session and 403 for a member', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThanOrEqual(23);
    for (const { route, method, url } of list) {
      const sample = samples[route];
      const send = (headers: Record<string, string>) =>
        route === 'POST /api/appsumo/codes/import'
          ? ctx.app.inject({
              method,
              url,
              headers: { ...headers, 'content-type': 'text/csv' },
              payload: (sample as { csv: string }).csv,
            })
          : inject(method, url, headers, sample);
      const anonymous = await send({});
      expect(anonymous.statusCode, `${route} without a session: ${anonymous.body}`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const forbidden = await send(member);
      expect(forbidden.statusCode, `${route} as a member: ${forbidden.body}`).toBe(403);
      expect(forbidden.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('left every product in place after the refused calls', async () => {
    expect((await inject('GET', '/api/project-plans/1')).statusCode).toBe(200);
  });
});

describe('product validation', () => {
  it("needs a product name and a category, in the product's words", async () => {
    const noName = await inject('POST', '/api/project-plans', admin, { product_name: '  ', category: 'Training' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details[0].message).toBe(ADMIN_MESSAGES.PRODUCT_NAME_REQUIRED);
    const noCategory = await inject('POST', '/api/project-plans', admin, { product_name: 'A' });
    expect(noCategory.json().error.details[0].message).toBe(ADMIN_MESSAGES.CATEGORY_REQUIRED);
    const unknown = await inject('POST', '/api/project-plans', admin, {
      product_name: 'A',
      category: 'Training',
      x: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses half a link pair ('Link or text Empty') and links that are not http(s)", async () => {
    const half = await inject('POST', '/api/project-plans', admin, {
      product_name: 'A',
      category: 'Training',
      project_plan_links: [{ type: 'TEMPLATE_LINK', link: '', link_text: 'Only text' }],
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toBe(ADMIN_MESSAGES.LINK_OR_TEXT_EMPTY);
    const script = await inject('POST', '/api/project-plans', admin, {
      product_name: 'A',
      category: 'Training',
      project_plan_links: [{ type: 'TEMPLATE_LINK', link: 'javascript:alert(1)', link_text: 'Click' }],
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().error.message).toBe(ADMIN_MESSAGES.INVALID_INPUT);
  });

  it('refuses an image or spreadsheet name that was never uploaded', async () => {
    const res = await inject('POST', '/api/project-plans', admin, {
      product_name: 'A',
      category: 'Training',
      name: 'nothing-here',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.UPLOAD_MISSING);
  });
});

describe('a product from creation to deletion', () => {
  it('creates with image, spreadsheet plan, overview and links; edits; deactivates; deletes', async () => {
    const image = await upload('Launch Cover.png', PNG);
    expect(image.res.statusCode, image.res.body).toBe(200);
    expect(image.link.name).toBe('launch-cover');
    const sheet = await upload('Launch Plan.xlsx', await writePlanSheet(PLAN));
    expect(sheet.res.statusCode, sheet.res.body).toBe(200);
    expect(sheet.link.kind).toBe('spreadsheet');

    const created = await inject('POST', '/api/project-plans', admin, {
      name: sheet.link.name,
      product_name: 'Launch Plan',
      category: 'Project Plan Templates',
      active: true,
      free: true,
      description: 'Plan a launch.',
      overview: '<h2>Why</h2><p>Because.</p>',
      tag_id: null,
      project_plan_links: [
        { type: 'IMAGE_LINK', link: image.link.name, link_text: 'Launch Cover.png' },
        { type: 'VIDEO_LINK', link: 'https://vimeo.com/123', link_text: 'viemo' },
        { type: 'TEMPLATE_LINK', link: 'https://example.com/a', link_text: 'Sheet A' },
        { type: 'TEMPLATE_LINK', link: 'https://example.com/b', link_text: 'Sheet B' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const product = ProjectPlanSchema.parse(created.json());
    expect(product.name).toBe(sheet.link.name);
    expect(product.outline).toEqual({
      sections: [
        { name: 'Prepare', task_count: 2 },
        { name: 'Run', task_count: 1 },
      ],
      task_count: 3,
      subtask_count: 1,
      duration_days: 9,
    });
    // The cached public list shows it at once, and its image is served.
    expect((await publicList()).map((t) => t.id)).toContain(product.id);
    const picture = await inject('GET', `/images/templates/${image.link.name}.jpeg`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    // Edit: drop link B, rename.
    const linkB = product.project_plan_links.find((l) => l.link_text === 'Sheet B')!;
    const kept = product.project_plan_links.filter((l) => l.id !== linkB.id);
    const updated = await inject('PUT', '/api/project-plans/', admin, {
      id: product.id,
      name: product.name,
      product_name: 'Launch Plan v2',
      category: product.category,
      active: true,
      free: true,
      description: product.description,
      overview: product.overview,
      tag_id: null,
      project_plan_links: kept,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().project_plan_links.map((l: { link_text: string }) => l.link_text)).toEqual([
      'Launch Cover.png',
      'viemo',
      'Sheet A',
    ]);
    expect(updated.json().outline.task_count).toBe(3);
    expect((await publicList()).find((t) => t.id === product.id)?.product_name).toBe('Launch Plan v2');

    // Deleting one link on its own.
    const linkA = kept.find((l) => l.link_text === 'Sheet A')!;
    expect((await inject('DELETE', `/api/project-plan-link/${linkA.id}`, admin)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/project-plan-link/${linkA.id}`, admin)).statusCode).toBe(404);

    // Deactivate: gone from every public list, still in the admin's (the public page was cached before).
    const lastPage = async (headers: Record<string, string>) => {
      const res = await inject('GET', '/api/project-plans?page=0&size=100', headers);
      return res.json().project_plan_dtos.map((t: { id: number }) => t.id) as number[];
    };
    expect(await lastPage({})).toContain(product.id);
    const deactivated = await inject('PUT', '/api/project-plans/', admin, {
      ...updated.json(),
      project_plan_links: updated.json().project_plan_links.filter((l: { id: number }) => l.id !== linkA.id),
      active: false,
      slug: undefined,
      price: undefined,
      outline: undefined,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await publicList()).map((t) => t.id)).not.toContain(product.id);
    expect((await inject('GET', `/api/project-plans/${product.id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/project-plans/${product.id}`, admin)).statusCode).toBe(200);
    expect(await lastPage({})).not.toContain(product.id);
    expect(await lastPage(member)).not.toContain(product.id);
    expect(await lastPage(admin)).toContain(product.id);

    // Delete.
    expect((await inject('DELETE', `/api/project-plans/${product.id}`, admin)).statusCode).toBe(204);
    expect(await lastPage(admin)).not.toContain(product.id);
    expect((await inject('DELETE', `/api/project-plans/${product.id}`, admin)).statusCode).toBe(404);
  });

  it('keeps the plan of a seeded template when it is edited without a new file', async () => {
    const seeded = (await inject('GET', '/api/project-plans/1', admin)).json();
    const res = await inject('PUT', '/api/project-plans/', admin, {
      id: seeded.id,
      name: seeded.name,
      product_name: seeded.product_name,
      category: seeded.category,
      active: seeded.active,
      free: seeded.free,
      description: seeded.description,
      overview: seeded.overview,
      tag_id: seeded.tag_id,
      project_plan_links: seeded.project_plan_links,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outline).toEqual(seeded.outline);
    expect(res.json().project_plan_links).toEqual(seeded.project_plan_links);
  });
});

describe('stored XSS', () => {
  it('never returns a script or an event handler from the overview on any public endpoint', async () => {
    const created = await inject('POST', '/api/project-plans', admin, {
      product_name: 'Sneaky',
      category: 'Project Plan Templates',
      overview:
        '<p>Hello<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">go</a>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, slug, overview } = created.json();
    expect(overview).toBe('<p>Hello</p><a rel="noopener noreferrer">go</a>');
    for (const url of [
      '/api/project-plans-without-pagination',
      '/api/project-plans?page=0&size=100',
      `/api/project-plans/${id}`,
      `/api/project-plans/${slug}`,
    ]) {
      const body = (await inject('GET', url)).body;
      expect(body, url).toContain('Hello');
      expect(body, url).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
    const premium = await premiumMember('xss-reader@example.com');
    for (const url of ['/api/members/catalogue', `/api/members/products/${id}`]) {
      const res = await inject('GET', url, premium);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Hello');
      expect(res.body, url).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
  });

  it('makes an overview safe on the way out too, when the stored one never went through the form', async () => {
    // As a seed or older data would hold it.
    const [row] = await ctx.app.db
      .update(projectPlans)
      .set({ overview: '<p>Seeded<script>alert(1)</script></p><img src=x onerror="alert(2)">' })
      .where(eq(projectPlans.id, 1))
      .returning({ slug: projectPlans.slug });
    await ctx.app.changes.publish('catalogue_changed');
    const premium = await premiumMember('xss-seed-reader@example.com');
    for (const [url, headers] of [
      ['/api/project-plans-without-pagination', {}],
      ['/api/project-plans?page=0&size=100', {}],
      ['/api/project-plans/1', {}],
      [`/api/project-plans/${row!.slug}`, {}],
      ['/api/members/catalogue', premium],
      ['/api/members/products/1', premium],
    ] as const) {
      const res = await inject('GET', url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<p>Seeded</p>');
      expect(res.body, url).not.toMatch(/<script|onerror|<img/i);
    }
  });
});

describe('uploads', () => {
  it('names a file by its base name, with a suffix only when the name is taken', async () => {
    expect((await uploadLink('Quarterly Review (v2).xlsx')).name).toBe('quarterly-review-v2');
    expect((await uploadLink('quarterly review v2.xlsx')).name).toMatch(/^quarterly-review-v2-[0-9a-f]{8}$/);
    // A built-in picture keeps its name: an upload never shadows it.
    expect((await uploadLink('offer-creation-plan.png')).name).toMatch(/^offer-creation-plan-[0-9a-f]{8}$/);
    const names = await Promise.all([uploadLink('Same Time.png'), uploadLink('Same Time.png')]);
    expect(names.map((n) => n.name).filter((n) => n === 'same-time')).toHaveLength(1);
  });

  it('refuses a file name of another type', async () => {
    const res = await inject('POST', '/api/upload/link', admin, { fileName: 'notes.pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].message).toBe(ADMIN_MESSAGES.FILE_TYPE);
  });

  it('refuses a .png that is not a PNG, and a .xlsx that is not a workbook', async () => {
    const fake = await upload('cover.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake.res.statusCode).toBe(400);
    expect(fake.res.json().error.message).toBe(ADMIN_MESSAGES.FILE_CONTENT);
    const jpegAsPng = await upload('photo.png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(jpegAsPng.res.statusCode).toBe(400);
    const notAWorkbook = await upload('plan.xlsx', PNG);
    expect(notAWorkbook.res.statusCode).toBe(400);
    // Nothing was kept: the name cannot be used by a product.
    const res = await inject('POST', '/api/project-plans', admin, {
      product_name: 'A',
      category: 'Training',
      project_plan_links: [{ type: 'IMAGE_LINK', link: fake.link.name, link_text: 'cover.png' }],
    });
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.UPLOAD_MISSING);
  });

  it('refuses a spreadsheet whose plan does not fit, naming the row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Plan');
    sheet.addRow([
      'Section',
      'Section description',
      'Task',
      'Task description',
      'Due in days',
      'Subtask',
      'Subtask description',
    ]);
    sheet.addRow(['Start', '', 'First', '', 3, '', '']);
    sheet.addRow(['', '', 'Second', '', 'soon', '', '']);
    const bad = await upload('bad.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().error.message).toBe(
      "Row 3: 'Due in days' must be a whole number from 0 to 9999, not 'soon'.",
    );
  });

  it('refuses a tampered, an expired and a used upload URL with 403 and a clear message', async () => {
    const link = await uploadLink('cover.png');
    const url = new URL(link.url, 'http://localhost');
    const signature = url.searchParams.get('signature')!;
    const put = (path: string) => ctx.app.inject({ method: 'PUT', url: path, headers: link.headers, payload: PNG });

    const tamperedSignature = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${signature.slice(0, -2)}xx`;
    const longerExpiry = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`;
    const otherFile = `${url.pathname.replace(/[^/]+$/, (key) => `other-${key}`)}?${url.searchParams}`;
    for (const path of [tamperedSignature, longerExpiry, otherFile]) {
      const res = await put(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.UPLOAD_LINK_INVALID);
    }

    const key = url.pathname.split('/').pop()!;
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await put(`${url.pathname}?expires=${past}&signature=${new UploadSigner(SECRET).sign(key, past)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(ADMIN_MESSAGES.UPLOAD_LINK_EXPIRED);

    expect((await put(link.url)).statusCode).toBe(200);
    const again = await put(link.url);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.UPLOAD_LINK_USED);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('huge.png', big);
    expect(res.res.statusCode).toBe(413);
    expect(res.res.json().error.message).toBe(ADMIN_MESSAGES.FILE_TOO_LARGE);
    // A size announced over the limit gets no URL at all.
    const announced = await inject('POST', '/api/upload/link', admin, { fileName: 'huge.png', size: big.length });
    expect(announced.statusCode).toBe(400);
    expect(announced.json().error.details[0].message).toBe(ADMIN_MESSAGES.FILE_TOO_LARGE);
  });

  describe('in an S3 bucket', () => {
    /** A bucket that holds one object of the given size; it records what was asked of it. */
    function bucket(objectSize: number) {
      return {
        kind: 's3' as const,
        uploadUrl: vi.fn(async () => ({ url: 'https://bucket.example/put', headers: {} })),
        size: vi.fn(async () => objectSize),
        read: vi.fn(async () => Buffer.concat([PNG, Buffer.alloc(objectSize - PNG.length)])),
        write: vi.fn(async () => undefined),
        remove: vi.fn(async () => undefined),
      };
    }

    it('needs the size, and signs the URL for it', async () => {
      const storage = bucket(PNG.length);
      await expect(createUploadLink(ctx.app.db, storage, 'cover.png', 'boss@example.com')).rejects.toThrow(
        ADMIN_MESSAGES.FILE_SIZE_REQUIRED,
      );
      const link = await createUploadLink(ctx.app.db, storage, 'cover.png', 'boss@example.com', new Date(), 1234);
      expect(storage.uploadUrl).toHaveBeenCalledWith(`${link.name}.png`, 'image/png', expect.any(Date), 1234);
    });

    it('checks the size with a HEAD and never reads a file over the limit, which is deleted', async () => {
      const storage = bucket(UPLOAD_MAX_BYTES + 1);
      const link = await createUploadLink(ctx.app.db, storage, 'cover.png', 'boss@example.com', new Date(), 100);
      await expect(claimUpload(ctx.app.db, storage, link.name, 'image', ctx.app.work)).rejects.toThrow(
        ADMIN_MESSAGES.FILE_TOO_LARGE,
      );
      expect(storage.size).toHaveBeenCalledWith(`${link.name}.png`);
      expect(storage.read).not.toHaveBeenCalled();
      expect(storage.remove).toHaveBeenCalledWith(`${link.name}.png`);

      const small = bucket(PNG.length);
      const fine = await createUploadLink(ctx.app.db, small, 'cover.png', 'boss@example.com', new Date(), PNG.length);
      expect(await claimUpload(ctx.app.db, small, fine.name, 'image', ctx.app.work)).toEqual({});
      expect(small.read).toHaveBeenCalledTimes(1);
      expect(small.remove).not.toHaveBeenCalled();
    });
  });
});

describe('plan permissions', () => {
  it("creates once ('Permission already exist' after), updates, and the plan's users see it at once", async () => {
    const [route] = await ctx.app.db.select().from(permissions).where(eq(permissions.permissionName, 'myAccount'));
    const mine = async () =>
      (
        (await inject('GET', '/api/client/permissions', member)).json() as {
          permission_name: string;
          is_displayed: boolean;
        }[]
      ).find((p) => p.permission_name === 'myAccount');
    expect(await mine()).toEqual({ permission_type: 'ROUTE', permission_name: 'myAccount', is_displayed: true });

    await ctx.app.db
      .delete(planPermissions)
      .where(and(eq(planPermissions.planId, PLAN_IDS.ESSENTIAL), eq(planPermissions.permissionId, route!.id)));
    expect(await mine()).toBeUndefined();

    const payload = {
      is_displayed: false,
      plan: { id: PLAN_IDS.ESSENTIAL },
      entity_type: 'PLAN',
      permission: { id: route!.id },
    };
    const created = await inject('POST', '/api/permissions/plan', admin, payload);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      is_displayed: false,
      plan: { id: PLAN_IDS.ESSENTIAL },
      permission: { id: route!.id },
    });
    expect((await mine())?.is_displayed).toBe(false);

    const duplicate = await inject('POST', '/api/permissions/plan', admin, { ...payload, is_displayed: true });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(ADMIN_MESSAGES.PERMISSION_EXISTS);

    const updated = await inject('PUT', '/api/permissions/plan', admin, {
      ...payload,
      is_displayed: true,
      queryId: created.json().id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await mine())?.is_displayed).toBe(true);

    // Moving an entry onto a plan and permission that already have one is a duplicate too.
    const [other] = await ctx.app.db.select().from(permissions).where(eq(permissions.permissionName, 'ai/generate'));
    const clash = await inject('PUT', '/api/permissions/plan', admin, {
      ...payload,
      permission: { id: other!.id },
      queryId: created.json().id,
    });
    expect(clash.statusCode).toBe(409);
    const missing = await inject('PUT', '/api/permissions/plan', admin, { ...payload, queryId: 999_999 });
    expect(missing.statusCode).toBe(404);
    const unknownPlan = await inject('POST', '/api/permissions/plan', admin, { ...payload, plan: { id: 999 } });
    expect(unknownPlan.statusCode).toBe(404);

    // Removed, the plan has no entry for it and its users are allowed; a second removal finds nothing.
    const removed = await inject('DELETE', `/api/permissions/plan/${created.json().id}`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await mine()).toBeUndefined();
    const again = await inject('DELETE', `/api/permissions/plan/${created.json().id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.PERMISSION_NOT_FOUND);
  });
});
