import type { AiPlanState, PlannedTask, SuccessPlanSection } from '@dpp/shared';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';

/** A plan made with the AI planner, kept for its owner: resumed on a later visit, downloaded, sent to a tool. */
export const aiPlans = pgTable(
  'ai_plans',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    goal: text('goal').notNull().default(''),
    project: text('project').notNull().default(''),
    successPlan: jsonb('success_plan').$type<SuccessPlanSection[]>().notNull().default([]),
    tasks: jsonb('tasks').$type<PlannedTask[]>().notNull().default([]),
    /** Where the wizard stood, so a reload resumes it. */
    state: jsonb('state').$type<AiPlanState>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_plans_client_idx').on(t.clientId, t.updatedAt)],
);

/** AI credits (tokens) used per user and calendar month (UTC, 'YYYY-MM'). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    tokens: integer('tokens').notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.period] }), index('ai_usage_period_idx').on(t.period)],
);

/** Short-lived download links: only the SHA-256 of the token is kept. */
export const aiDownloads = pgTable(
  'ai_downloads',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    planId: integer('plan_id')
      .notNull()
      .references(() => aiPlans.id, { onDelete: 'cascade' }),
    excel: boolean('excel').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_downloads_expires_idx').on(t.expiresAt)],
);
