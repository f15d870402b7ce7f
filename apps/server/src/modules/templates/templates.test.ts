import { FEATURED_TEMPLATE_SLUG, ProjectPlanListSchema, ProjectPlanPageSchema, ProjectPlanSchema } from '@dpp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/project-plans-without-pagination', () => {
  it('lists the active templates of every category with links and outlines', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/project-plans-without-pagination' });
    expect(res.statusCode).toBe(200);
    const templates = ProjectPlanListSchema.parse(res.json());
    expect(templates.length).toBeGreaterThanOrEqual(13);
    expect(templates.every((t) => t.active)).toBe(true);
    expect(new Set(templates.map((t) => t.category)).size).toBe(4);
    expect(templates.some((t) => t.free) && templates.some((t) => !t.free)).toBe(true);
    for (const t of templates) {
      expect(t.outline.task_count).toBeGreaterThan(0);
      expect(t.outline.subtask_count).toBeGreaterThan(t.outline.task_count);
    }
  });

  it('answers 304 to a client holding the current ETag, and gzips when asked', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/project-plans-without-pagination' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/project-plans-without-pagination',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await ctx.app.inject({
      method: 'GET',
      url: '/api/project-plans-without-pagination',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(first.rawPayload.length);
  });

  it('never exposes the plan content of a template', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/project-plans-without-pagination' });
    expect(res.body).not.toContain('"subtasks"');
  });
});

describe('GET /api/project-plans', () => {
  it('pages from 0 with project_plan_dtos and total', async () => {
    const all = ProjectPlanListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/project-plans-without-pagination' })).json(),
    );
    const page0 = ProjectPlanPageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/project-plans?page=0&size=10' })).json(),
    );
    const page1 = ProjectPlanPageSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/project-plans?page=1&size=10' })).json(),
    );
    expect(page0.total).toBe(all.length);
    expect(page0.project_plan_dtos).toHaveLength(10);
    expect([...page0.project_plan_dtos, ...page1.project_plan_dtos].map((t) => t.id)).toEqual(all.map((t) => t.id));
  });

  it('rejects a bad page or size with a validation error', async () => {
    for (const query of ['page=-1', 'size=0', 'size=1000', 'page=abc', 'unknown=1']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/project-plans?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/project-plans/:idOrSlug', () => {
  it('finds a template by id and by slug', async () => {
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/project-plans/${FEATURED_TEMPLATE_SLUG}` });
    expect(bySlug.statusCode).toBe(200);
    const template = ProjectPlanSchema.parse(bySlug.json());
    expect(template.free).toBe(true);
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/project-plans/${template.id}` });
    expect(byId.json().slug).toBe(FEATURED_TEMPLATE_SLUG);
  });

  it('answers 404 for an unknown or inactive template and 400 for a malformed reference', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project-plans/999999' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project-plans/no-such-plan' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project-plans/Bad%20Ref!' })).statusCode).toBe(400);
  });
});

describe('GET /api/project-plan-categories', () => {
  it('lists the four categories', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/project-plan-categories' });
    expect(res.json()).toEqual([
      'Training',
      'Planning & Tracking Templates',
      'Process Checklists/Templates',
      'Project Plan Templates',
    ]);
  });
});
