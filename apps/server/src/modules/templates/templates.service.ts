import {
  MESSAGES,
  type ProjectPlan,
  type ProjectPlanOutline,
  TEMPLATE_CATEGORIES,
  TRAINING_CATEGORY,
} from '@dpp/shared';
import { MAX_DATABASE_ID } from '@dpp/shared/schemas/ids';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../lib/rich-text';
import {
  findTemplate,
  listTemplates,
  pageTemplates,
  type TemplateFilter,
  type TemplateWithLinks,
} from './templates.repository';
import type { TemplatePlan } from './templates.types';

/** The shape of a template's plan, safe to show before purchase. */
function planOutline(plan: TemplatePlan): ProjectPlanOutline {
  const tasks = plan.sections.flatMap((s) => s.tasks);
  return {
    sections: plan.sections.map((s) => ({ name: s.name, task_count: s.tasks.length })),
    task_count: tasks.length,
    subtask_count: tasks.reduce((sum, t) => sum + t.subtasks.length, 0),
    duration_days: tasks.reduce((max, t) => Math.max(max, t.due_in_days), 0),
  };
}

export function toProjectPlanDto(row: TemplateWithLinks): ProjectPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    product_name: row.productName,
    description: row.description,
    // Sanitised on the way out too: rows the admin form never wrote (seeds, older data) are made safe.
    overview: sanitizeRichText(row.overview),
    category: row.category,
    active: row.active,
    free: row.free,
    price: row.price,
    tag_id: row.tagId,
    project_plan_links: row.links.map((l) => ({ id: l.id, type: l.type, link: l.link, link_text: l.linkText })),
    outline: planOutline(row.plan),
  };
}

const PUBLIC: TemplateFilter = { activeOnly: true };
const EVERY: TemplateFilter = { activeOnly: false };

/**
 * What the public sees of a template's links: the cover image, and the preview video of a sold
 * template. Template and support links, and Training videos, are member content (/api/members/*).
 */
function withPublicLinks(row: TemplateWithLinks): TemplateWithLinks {
  const links = row.links.filter(
    (l) => l.type === 'IMAGE_LINK' || (l.type === 'VIDEO_LINK' && row.category !== TRAINING_CATEGORY),
  );
  return { ...row, links };
}
/** Every template the public may see, by id: what the catalogue cache holds. */
export async function publicTemplates(db: Database): Promise<ProjectPlan[]> {
  return (await listTemplates(db, PUBLIC)).map((row) => toProjectPlanDto(withPublicLinks(row)));
}

/** One page of every template, inactive ones included (administrators). */
export async function adminTemplatePage(db: Database, page: number, size: number) {
  const { rows, total } = await pageTemplates(db, EVERY, { offset: page * size, limit: size });
  return { project_plan_dtos: rows.map(toProjectPlanDto), total };
}

/** One page of the public catalogue (publicTemplates, in the same order). */
export function catalogueTemplatePage(catalogue: ProjectPlan[], page: number, size: number) {
  return { project_plan_dtos: catalogue.slice(page * size, (page + 1) * size), total: catalogue.length };
}

/** A template reference: a number within the column's range is an id; anything else is a slug. */
function templateRef(idOrSlug: string): { id: number } | { slug: string } {
  // An id beyond the column's range names nothing: looked up as a slug, it is simply not found.
  return /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= MAX_DATABASE_ID
    ? { id: Number(idOrSlug) }
    : { slug: idOrSlug };
}

/** One template by numeric id or slug, inactive ones included (administrators). */
export async function adminTemplate(db: Database, idOrSlug: string): Promise<ProjectPlan> {
  const row = await findTemplate(db, templateRef(idOrSlug), EVERY);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.TEMPLATE_NOT_FOUND);
  return toProjectPlanDto(row);
}

/** One template of the public catalogue by numeric id or slug. */
export function catalogueTemplate(catalogue: ProjectPlan[], idOrSlug: string): ProjectPlan {
  const ref = templateRef(idOrSlug);
  const found = catalogue.find((t) => ('id' in ref ? t.id === ref.id : t.slug === ref.slug));
  if (!found) throw new AppError('NOT_FOUND', MESSAGES.TEMPLATE_NOT_FOUND);
  return found;
}

export function templateCategories(): string[] {
  return [...TEMPLATE_CATEGORIES];
}
