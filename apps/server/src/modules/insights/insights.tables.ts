import { boolean, date, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * What the insights keep of a member who deleted their account (ADR 0035, amended): the facts of the past the
 * figures count, as days, with nothing that names the person. Written in the transaction that erases the member
 * (`my-data.repository.ts`). The key is a random number drawn then, held nowhere else: it only tells the
 * figures that two facts are one person's (the "members" columns), never who.
 */
export const departedMembers = pgTable(
  'departed_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signedUpOn: date('signed_up_on'),
    activatedOn: date('activated_on'),
    trialStartedOn: date('trial_started_on'),
    /** The trial's last day, at the latest the day the member left. */
    trialEndedOn: date('trial_ended_on'),
    /** Paid after the trial: subscribed when they left. */
    trialConverted: boolean('trial_converted').notNull().default(false),
    /** The plan the member was on when they left: their AI credits stay counted under it. */
    planName: text('plan_name').notNull().default(''),
  },
  (t) => [
    index('departed_members_signed_up_idx').on(t.signedUpOn),
    index('departed_members_activated_idx').on(t.activatedOn),
    index('departed_members_trial_started_idx').on(t.trialStartedOn),
    index('departed_members_trial_ended_idx').on(t.trialEndedOn),
  ],
);

/** A departed member's upload to a task tool: the day it was queued, the tool, how it ended and how long it took. */
export const departedUploads = pgTable(
  'departed_uploads',
  {
    departedMemberId: uuid('departed_member_id')
      .notNull()
      .references(() => departedMembers.id, { onDelete: 'cascade' }),
    queuedOn: date('queued_on').notNull(),
    tool: text('tool'),
    status: text('status').notNull(),
    /** From queued to finished, when it finished. */
    seconds: doublePrecision('seconds'),
    templateId: integer('template_id'),
  },
  (t) => [index('departed_uploads_queued_idx').on(t.queuedOn)],
);

/** A departed member's copy in My Plans: the days it was taken, last saved with edits, last sent, seen progressing. */
export const departedPlanCopies = pgTable(
  'departed_plan_copies',
  {
    departedMemberId: uuid('departed_member_id')
      .notNull()
      .references(() => departedMembers.id, { onDelete: 'cascade' }),
    takenOn: date('taken_on').notNull(),
    /** The day of its last save, when it was saved with edits (version above 1). */
    editedOn: date('edited_on'),
    sentOn: date('sent_on'),
    /** The day its progress was last read, when that read found tasks done. */
    progressingOn: date('progressing_on'),
    /** The template it was taken from (null for a copy of an AI plan). */
    templateId: integer('template_id'),
  },
  (t) => [index('departed_plan_copies_taken_idx').on(t.takenOn)],
);

/** A departed member's AI credits of one calendar month. */
export const departedAiUsage = pgTable(
  'departed_ai_usage',
  {
    departedMemberId: uuid('departed_member_id')
      .notNull()
      .references(() => departedMembers.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    tokens: integer('tokens').notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [index('departed_ai_usage_period_idx').on(t.period)],
);
