import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A file an admin announced with POST /api/upload/link; `storedAt` is set once its content was checked. */
export const files = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** Storage key: the base name plus the extension. */
    key: text('key').notNull().unique(),
    /** The name products refer to (their name, or the IMAGE_LINK link). */
    baseName: text('base_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    kind: text('kind').$type<'image' | 'spreadsheet'>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (t) => [index('uploads_kind_idx').on(t.kind)],
);
