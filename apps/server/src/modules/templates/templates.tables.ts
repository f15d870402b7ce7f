import type { TemplateCategory, TemplateLinkType } from '@dpp/shared';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TemplatePlan } from './templates.types';

export const projectPlans = pgTable(
  'project_plans',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    productName: text('product_name').notNull(),
    description: text('description').notNull().default(''),
    overview: text('overview').notNull().default(''),
    category: text('category').$type<TemplateCategory>().notNull(),
    active: boolean('active').notNull().default(true),
    free: boolean('free').notNull().default(false),
    /** One-time price in cents. */
    price: integer('price').notNull().default(0),
    tagId: integer('tag_id'),
    plan: jsonb('plan').$type<TemplatePlan>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_plans_active_idx').on(t.active)],
);

export const projectPlanLinks = pgTable(
  'project_plan_links',
  {
    id: serial('id').primaryKey(),
    projectPlanId: integer('project_plan_id')
      .notNull()
      .references(() => projectPlans.id, { onDelete: 'cascade' }),
    type: text('type').$type<TemplateLinkType>().notNull(),
    link: text('link').notNull().default(''),
    linkText: text('link_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('project_plan_links_plan_idx').on(t.projectPlanId)],
);
