import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { plans } from '../plans/tables';

/** A feature or route a plan may show or hide. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    permissionType: text('permission_type').notNull(),
    permissionName: text('permission_name').notNull(),
    headerName: text('header_name').notNull().default(''),
  },
  (t) => [uniqueIndex('permissions_type_name_idx').on(t.permissionType, t.permissionName)],
);

export const planPermissions = pgTable(
  'plan_permissions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    isDisplayed: boolean('is_displayed').notNull(),
    /** For a permission that counts (e.g. plan copies kept): at most this many; null: no limit. */
    limit: integer('limit'),
  },
  (t) => [uniqueIndex('plan_permissions_plan_permission_idx').on(t.planId, t.permissionId)],
);
