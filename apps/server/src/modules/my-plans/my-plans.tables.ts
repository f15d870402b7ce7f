import type { MyPlanDocument, MyPlanProgressState, MyPlanSourceKind, PlanRole } from '@dpp/shared';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaskToolName } from '../../ports/task-tool.port';
import { clients } from '../clients/tables';

/** A member's own copy of a plan they took (a template or an AI plan): edited, saved by version, sent to a tool. */
export const memberPlans = pgTable(
  'member_plans',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceKind: text('source_kind').$type<MyPlanSourceKind>().notNull(),
    /** The template's id or the AI plan's id it was taken from (kept when the source is gone). */
    sourceId: integer('source_id').notNull(),
    plan: jsonb('plan').$type<MyPlanDocument>().notNull(),
    /** Raised by every save; a save based on another version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastSentTool: text('last_sent_tool'),
    lastSentUrl: text('last_sent_url'),
  },
  (t) => [index('member_plans_client_idx').on(t.clientId, t.updatedAt)],
);

/**
 * A task as it was sent: its name, section and due day then, the id the tool gave it (the upload ledger's), and the
 * copy's own id of it (absent from sendings recorded before it was kept).
 */
export interface SentTask {
  remoteId: string;
  name: string;
  section: string;
  dueOn: string | null;
  taskId?: string | null;
}

/** A sent task as the tool last reported it; a task deleted in the tool is not reported. */
export interface ReportedTaskState {
  remoteId: string;
  done: boolean;
  dueOn: string | null;
}

/**
 * A sending of a copy, one per remote project it made, kept to follow it back from the tool: the project, each sent
 * task's remote id, and what the last read found. A copy keeps its latest sendings (FOLLOWED_SENDINGS).
 */
export const memberPlanSends = pgTable(
  'member_plan_sends',
  {
    id: serial('id').primaryKey(),
    memberPlanId: integer('member_plan_id')
      .notNull()
      .references(() => memberPlans.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tool: text('tool').$type<TaskToolName>().notNull(),
    projectId: text('project_id').notNull(),
    /** Where the project is opened in the tool, when the tool gives an address. */
    projectUrl: text('project_url'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    tasks: jsonb('tasks').$type<SentTask[]>().notNull(),
    state: text('state').$type<MyPlanProgressState>().notNull().default('waiting'),
    /** The tasks as the tool last reported them (null until the first good read). */
    reported: jsonb('reported').$type<ReportedTaskState[]>(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the schedule reads it next. */
    nextReadAt: timestamp('next_read_at', { withTimezone: true }).notNull(),
    /**
     * Set when a read is claimed, cleared when it ends: one read of the sending in flight, whatever the instance
     * (ADR 0039). A claim far older than any read is one its instance left behind, and may be taken over.
     */
    readingSince: timestamp('reading_since', { withTimezone: true }),
  },
  (t) => [
    index('member_plan_sends_next_read_idx').on(t.nextReadAt),
    index('member_plan_sends_client_idx').on(t.clientId),
    // One row per remote project: recording a sending again (its upload job run again) changes nothing.
    uniqueIndex('member_plan_sends_project_idx').on(t.memberPlanId, t.projectId),
  ],
);

/** The burn-up of a sending: per day, the tasks done at that day's last read and the tasks the project held. */
export const memberPlanProgress = pgTable(
  'member_plan_progress',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => memberPlanSends.id, { onDelete: 'cascade' }),
    /** The copy the sending is of (a point of the burn-up was keyed by the copy when it had one sending). */
    memberPlanId: integer('member_plan_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    done: integer('done').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.day] })],
);

/**
 * A teammate's access to one copy (ADR 0052): viewer or editor. Deleting the copy deletes its rows; removing the
 * teammate from the owner's team deletes theirs in the same transaction (endTeammateAccess).
 */
export const memberPlanAccess = pgTable(
  'member_plan_access',
  {
    memberPlanId: integer('member_plan_id')
      .notNull()
      .references(() => memberPlans.id, { onDelete: 'cascade' }),
    teammateClientId: integer('teammate_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role').$type<PlanRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberPlanId, t.teammateClientId] }),
    index('member_plan_access_teammate_idx').on(t.teammateClientId),
  ],
);
