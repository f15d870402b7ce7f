import {
  ADMIN_MESSAGES,
  type ProjectPlan,
  type ProjectPlanCreateSchema,
  type ProjectPlanLinkInput,
  type ProjectPlanUpdateSchema,
} from '@dpp/shared';
import { isSafeLink } from '@dpp/shared/rules/templates';
import { and, eq, inArray, like, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../lib/rich-text';
import type { FileStorage } from '../../ports/storage.port';
import { claimUpload, type PlanSheetWork } from '../files';
import { findTemplate } from './templates.repository';
import { toProjectPlanDto } from './templates.service';
import { projectPlanLinks, projectPlans } from './templates.tables';
import type { TemplatePlan } from './templates.types';

type CreateInput = z.output<typeof ProjectPlanCreateSchema>;
type UpdateInput = z.output<typeof ProjectPlanUpdateSchema>;

const EMPTY_PLAN: TemplatePlan = { sections: [] };
/** An http(s) URL, or a path on this site (the seeded downloads): never javascript:, data: or //host. */
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,150}$/;

function invalid(message: string, field?: string): AppError {
  return new AppError('VALIDATION_FAILED', message, field ? [{ field, message }] : undefined);
}

/**
 * The links as they will be stored: pairs with neither text nor link are dropped; half a pair is
 * refused ('Link or text Empty'); links that open pages must be http(s) URLs or paths of this site; the image link is the
 * base name of an uploaded image.
 */
function cleanLinks(links: readonly ProjectPlanLinkInput[]): ProjectPlanLinkInput[] {
  const kept: ProjectPlanLinkInput[] = [];
  links.forEach((link, index) => {
    const field = `project_plan_links.${index}`;
    if (link.type === 'IMAGE_LINK') {
      if (link.link !== '' && !IMAGE_NAME.test(link.link)) throw invalid(ADMIN_MESSAGES.INVALID_INPUT, `${field}.link`);
      kept.push(link);
      return;
    }
    if (link.link === '' && link.link_text === '') {
      if (link.id !== undefined) kept.push(link);
      return;
    }
    if (link.link === '' || link.link_text === '') throw invalid(ADMIN_MESSAGES.LINK_OR_TEXT_EMPTY, field);
    if (!isSafeLink(link.link)) throw invalid(ADMIN_MESSAGES.INVALID_INPUT, `${field}.link`);
    kept.push(link);
  });
  if (kept.filter((l) => l.type === 'IMAGE_LINK').length > 1) throw invalid(ADMIN_MESSAGES.INVALID_INPUT);
  return kept;
}

function slugOf(productName: string): string {
  return (
    productName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'product'
  );
}

async function uniqueSlug(db: Database, productName: string): Promise<string> {
  const base = slugOf(productName);
  const taken = new Set(
    (
      await db
        .select({ slug: projectPlans.slug })
        .from(projectPlans)
        .where(like(projectPlans.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const imageLinkOf = (links: readonly ProjectPlanLinkInput[]) => links.find((l) => l.type === 'IMAGE_LINK')?.link ?? '';

const columnsOf = (input: CreateInput) => ({
  name: input.name,
  productName: input.product_name,
  description: input.description.trim(),
  overview: sanitizeRichText(input.overview),
  category: input.category,
  active: input.active,
  free: input.free,
  tagId: input.tag_id,
  updatedAt: new Date(),
});

async function dtoOf(db: Database, id: number): Promise<ProjectPlan> {
  const row = await findTemplate(db, { id }, { activeOnly: false });
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PRODUCT_NOT_FOUND);
  return toProjectPlanDto(row);
}

/** Creates a product with its links; a spreadsheet named by `name` becomes its plan. */
export async function createProduct(
  db: Database,
  storage: FileStorage,
  work: PlanSheetWork,
  input: CreateInput,
): Promise<ProjectPlan> {
  const links = cleanLinks(input.project_plan_links);
  if (links.some((l) => l.id !== undefined)) throw invalid(ADMIN_MESSAGES.INVALID_INPUT, 'project_plan_links');
  const plan = input.name ? (await claimUpload(db, storage, input.name, 'spreadsheet', work)).plan : undefined;
  const image = imageLinkOf(links);
  if (image) await claimUpload(db, storage, image, 'image', work);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectPlans)
      .values({
        ...columnsOf(input),
        slug: await uniqueSlug(tx as unknown as Database, input.product_name),
        plan: plan ?? EMPTY_PLAN,
      })
      .returning({ id: projectPlans.id });
    if (links.length > 0) {
      await tx.insert(projectPlanLinks).values(
        links.map((l, position) => ({
          projectPlanId: row!.id,
          type: l.type,
          link: l.link,
          linkText: l.link_text,
          position,
        })),
      );
    }
    return row!.id;
  });
  return dtoOf(db, id);
}

/**
 * Replaces a product and its links in one transaction: links sent with an id are updated, new ones
 * inserted, and the product's links that were left out are deleted.
 */
export async function updateProduct(
  db: Database,
  storage: FileStorage,
  work: PlanSheetWork,
  input: UpdateInput,
): Promise<ProjectPlan> {
  const current = await findTemplate(db, { id: input.id }, { activeOnly: false });
  if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PRODUCT_NOT_FOUND);
  const links = cleanLinks(input.project_plan_links);
  const ownIds = new Set(current.links.map((l) => l.id));
  if (links.some((l) => l.id !== undefined && !ownIds.has(l.id))) {
    throw invalid(ADMIN_MESSAGES.LINK_NOT_FOUND, 'project_plan_links');
  }
  // Only a newly chosen file is checked: the seeded pictures and plans are not uploads.
  const plan =
    input.name && input.name !== current.name
      ? (await claimUpload(db, storage, input.name, 'spreadsheet', work)).plan
      : undefined;
  const image = imageLinkOf(links);
  const currentImage = current.links.find((l) => l.type === 'IMAGE_LINK')?.link ?? '';
  if (image && image !== currentImage) await claimUpload(db, storage, image, 'image', work);

  await db.transaction(async (tx) => {
    await tx
      .update(projectPlans)
      .set({ ...columnsOf(input), ...(plan && { plan }), ...(!input.name && { plan: EMPTY_PLAN }) })
      .where(eq(projectPlans.id, input.id));
    const keptIds = links.flatMap((l) => (l.id === undefined ? [] : [l.id]));
    await tx
      .delete(projectPlanLinks)
      .where(
        keptIds.length > 0
          ? and(eq(projectPlanLinks.projectPlanId, input.id), notInArray(projectPlanLinks.id, keptIds))
          : eq(projectPlanLinks.projectPlanId, input.id),
      );
    for (const [position, l] of links.entries()) {
      const values = { type: l.type, link: l.link, linkText: l.link_text, position };
      if (l.id === undefined) await tx.insert(projectPlanLinks).values({ ...values, projectPlanId: input.id });
      else await tx.update(projectPlanLinks).set(values).where(eq(projectPlanLinks.id, l.id));
    }
  });
  return dtoOf(db, input.id);
}

export async function deleteProduct(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(projectPlans).where(eq(projectPlans.id, id)).returning({ id: projectPlans.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PRODUCT_NOT_FOUND);
}

export async function deleteLink(db: Database, id: number): Promise<void> {
  const deleted = await db
    .delete(projectPlanLinks)
    .where(inArray(projectPlanLinks.id, [id]))
    .returning({ id: projectPlanLinks.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.LINK_NOT_FOUND);
}
