import { countries as countryData } from 'countries-list';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  countries,
  permissions,
  planMeta,
  planPermissions,
  planPrices,
  plans,
  projectPlanLinks,
  projectPlans,
} from './schema';
import { SEED_PERMISSIONS } from './seed-data/permissions';
import { SEED_PLANS } from './seed-data/plans';
import { SEED_TEMPLATES } from './seed-data/templates';

interface SeedReport {
  plans: number;
  templates: number;
  countries: number;
  permissions: number;
}

/**
 * Inserts the demo catalogue where it is missing. Idempotent, and it never overwrites a row that
 * exists, so what an admin changed survives a restart.
 */
export async function seedDatabase(db: Database): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    // One seeding instance at a time when several start together on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    const report: SeedReport = { plans: 0, templates: 0, countries: 0, permissions: 0 };

    for (const plan of SEED_PLANS) {
      const inserted = await tx
        .insert(plans)
        .values({
          id: plan.id,
          name: plan.name,
          description: plan.description,
          type: plan.type,
          membershipName: plan.membershipName,
        })
        .onConflictDoNothing()
        .returning({ id: plans.id });
      if (inserted.length === 0) continue;
      report.plans += 1;
      await tx.insert(planPrices).values(plan.prices.map((p) => ({ planId: plan.id, ...p })));
      await tx.insert(planMeta).values(plan.meta.map((name, position) => ({ planId: plan.id, name, position })));
    }

    for (const template of SEED_TEMPLATES) {
      const inserted = await tx
        .insert(projectPlans)
        .values({
          slug: template.slug,
          name: template.name,
          productName: template.product_name,
          description: template.description,
          overview: template.overview,
          category: template.category,
          active: template.active,
          free: template.free,
          price: template.price_cents,
          plan: template.plan,
        })
        .onConflictDoNothing({ target: projectPlans.slug })
        .returning({ id: projectPlans.id });
      const id = inserted[0]?.id;
      if (id === undefined) continue;
      report.templates += 1;
      if (template.links.length > 0) {
        await tx.insert(projectPlanLinks).values(
          template.links.map((l, position) => ({
            projectPlanId: id,
            type: l.type,
            link: l.link,
            linkText: l.link_text,
            position,
          })),
        );
      }
    }

    const countryRows = Object.entries(countryData).map(([code, c]) => ({
      code,
      name: c.name,
      dialCode: `+${c.phone[0] ?? ''}`,
    }));
    const insertedCountries = await tx
      .insert(countries)
      .values(countryRows)
      .onConflictDoNothing()
      .returning({ code: countries.code });
    report.countries = insertedCountries.length;

    for (const permission of SEED_PERMISSIONS) {
      const [created] = await tx
        .insert(permissions)
        .values({ permissionType: permission.type, permissionName: permission.name, headerName: permission.header })
        .onConflictDoNothing()
        .returning({ id: permissions.id });
      if (!created) continue;
      report.permissions += 1;
      await tx.insert(planPermissions).values(
        SEED_PLANS.map((plan) => ({
          planId: plan.id,
          permissionId: created.id,
          isDisplayed: permission.shownTo.includes(plan.id),
          limit: permission.limits?.[plan.id] ?? null,
        })),
      );
    }
    return report;
  });
}
