import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projectPlanLinks, projectPlans } from './templates.tables';

type TemplateRow = typeof projectPlans.$inferSelect;
type TemplateLinkRow = typeof projectPlanLinks.$inferSelect;
export interface TemplateWithLinks extends TemplateRow {
  links: TemplateLinkRow[];
}

export interface TemplateFilter {
  /** Only active templates (what the public sees). */
  activeOnly: boolean;
}

const whereOf = (filter: TemplateFilter): SQL | undefined =>
  filter.activeOnly ? eq(projectPlans.active, true) : undefined;

async function withLinks(db: Database, rows: TemplateRow[]): Promise<TemplateWithLinks[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(projectPlanLinks)
    .where(
      inArray(
        projectPlanLinks.projectPlanId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(projectPlanLinks.position), asc(projectPlanLinks.id));
  return rows.map((row) => ({ ...row, links: links.filter((l) => l.projectPlanId === row.id) }));
}

export async function listTemplates(db: Database, filter: TemplateFilter): Promise<TemplateWithLinks[]> {
  const rows = await db.select().from(projectPlans).where(whereOf(filter)).orderBy(asc(projectPlans.id));
  return withLinks(db, rows);
}

export async function pageTemplates(
  db: Database,
  filter: TemplateFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TemplateWithLinks[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(projectPlans)
      .where(whereOf(filter))
      .orderBy(asc(projectPlans.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(projectPlans).where(whereOf(filter)),
  ]);
  return { rows: await withLinks(db, rows), total: totals[0]?.total ?? 0 };
}

export async function findTemplate(
  db: Database,
  ref: { id: number } | { slug: string },
  filter: TemplateFilter,
): Promise<TemplateWithLinks | null> {
  const match = 'id' in ref ? eq(projectPlans.id, ref.id) : eq(projectPlans.slug, ref.slug);
  const rows = await db
    .select()
    .from(projectPlans)
    .where(and(match, whereOf(filter)))
    .limit(1);
  const [row] = await withLinks(db, rows);
  return row ?? null;
}

/** One template by id, active or not; undefined when there is none. */
export async function findTemplateRow(db: Database, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(projectPlans).where(eq(projectPlans.id, id)).limit(1);
  return row;
}

/** The name and plan of every active template, oldest first. */
export async function activeTemplatePlans(db: Database): Promise<Pick<TemplateRow, 'productName' | 'plan'>[]> {
  return db
    .select({ productName: projectPlans.productName, plan: projectPlans.plan })
    .from(projectPlans)
    .where(eq(projectPlans.active, true))
    .orderBy(asc(projectPlans.id));
}
