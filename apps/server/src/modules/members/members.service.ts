import type { MemberCategory, MemberLink, MemberProduct } from '@dpp/shared/schemas/members';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { findTemplate, listTemplates, type TemplateWithLinks } from '../templates';

const NOT_FOUND = 'This item does not exist or is no longer available.';

/** A product with every link: member content, served only behind the member and course rules. */
function toMemberProduct(row: TemplateWithLinks): MemberProduct {
  return {
    id: row.id,
    name: row.name,
    product_name: row.productName,
    description: row.description,
    // Sanitised on the way out too: rows the admin form never wrote (seeds, older data) are made safe.
    overview: sanitizeRichText(row.overview),
    category: row.category,
    project_plan_links: row.links.map((l) => ({ id: l.id, type: l.type, link: l.link, link_text: l.linkText })),
  };
}

/** The active products of the given categories, grouped in the categories' order. */
export async function catalogueOf(db: Database, categories: readonly string[]): Promise<MemberCategory[]> {
  const rows = await listTemplates(db, { activeOnly: true });
  return categories.map((category) => ({
    category,
    products: rows.filter((r) => r.category === category).map(toMemberProduct),
  }));
}

/** One active product of the given categories. */
export async function productOf(db: Database, categories: readonly string[], id: number): Promise<MemberProduct> {
  const row = await findTemplate(db, { id }, { activeOnly: true });
  if (!row || !categories.includes(row.category)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toMemberProduct(row);
}

/** One link of an active product of the given categories. */
export async function linkOf(db: Database, categories: readonly string[], linkId: number): Promise<MemberLink> {
  const rows = await listTemplates(db, { activeOnly: true });
  for (const row of rows) {
    if (!categories.includes(row.category)) continue;
    const link = row.links.find((l) => l.id === linkId);
    if (link) {
      return {
        id: link.id,
        type: link.type,
        link: link.link,
        link_text: link.linkText,
        product_id: row.id,
        product_name: row.productName,
      };
    }
  }
  throw new AppError('NOT_FOUND', NOT_FOUND);
}
