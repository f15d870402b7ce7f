import { z } from 'zod';

/**
 * ClickUp API v2 request schemas of the operations the simulator serves. ClickUp's OpenAPI document
 * is not stored in contracts/ (see contracts/clickup/SOURCE.md), so these are written from that file
 * and ClickUp's reference pages. Objects stay open to fields not listed (ClickUp's schemas do not
 * forbid them); listed fields must have the documented type.
 */

/** ClickUp documents its path ids as numbers; a path segment that is not one is refused. */
const NumericId = z.string().regex(/^\d{1,20}$/, 'must be a number');

export const GetAccessTokenQuery = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  code: z.string().min(1),
});

export const GetSpacesParams = z.object({ team_id: NumericId });
export const GetSpacesQuery = z.object({ archived: z.enum(['true', 'false']).optional() });

export const CreateFolderParams = z.object({ space_id: NumericId });
export const CreateFolderBody = z.object({ name: z.string() });

export const CreateListParams = z.object({ folder_id: NumericId });
export const CreateListBody = z.object({
  name: z.string(),
  content: z.string().optional(),
  markdown_content: z.string().optional(),
  due_date: z.number().int().optional(),
  due_date_time: z.boolean().optional(),
  priority: z.number().int().min(1).max(4).nullable().optional(),
  assignee: z.number().int().optional(),
  status: z.string().optional(),
});

export const CreateTaskParams = z.object({ list_id: NumericId });
export const CreateTaskQuery = z.object({
  custom_task_ids: z.enum(['true', 'false']).optional(),
  team_id: NumericId.optional(),
});
export const GetTasksQuery = z.object({
  archived: z.enum(['true', 'false']).optional(),
  include_markdown_description: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).optional(),
  order_by: z.enum(['id', 'created', 'updated', 'due_date']).optional(),
  reverse: z.enum(['true', 'false']).optional(),
  subtasks: z.enum(['true', 'false']).optional(),
  include_closed: z.enum(['true', 'false']).optional(),
});
/** PUT /task/{task_id}: task ids are ClickUp's own short alphanumeric ids. */
export const UpdateTaskParams = z.object({ task_id: z.string().regex(/^[0-9a-z]{1,20}$/i, 'must be a task id') });
export const UpdateTaskBody = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  status: z.string().optional(),
  due_date: z.number().int().nullable().optional(),
});
/** GetTask and AddDependency name a task by its id (custom task ids, which the query could switch to, are not kept). */
export const TaskParams = UpdateTaskParams;
export const TaskQuery = z.object({
  custom_task_ids: z.enum(['true', 'false']).optional(),
  team_id: NumericId.optional(),
  include_subtasks: z.enum(['true', 'false']).optional(),
  include_markdown_description: z.enum(['true', 'false']).optional(),
});
/**
 * AddDependency (POST /task/{task_id}/dependency, developer.clickup.com/reference/adddependency): "One and only one
 * of depends_on or dependency_of must be passed" — the task `task_id` waits on, or the task waiting on it.
 */
export const AddDependencyBody = z
  .object({ depends_on: z.string().min(1).optional(), dependency_of: z.string().min(1).optional() })
  .refine((b) => (b.depends_on === undefined) !== (b.dependency_of === undefined), {
    message: 'pass one and only one of depends_on or dependency_of',
  });

export const CreateTaskBody = z.object({
  name: z.string(),
  description: z.string().optional(),
  markdown_content: z.string().optional(),
  assignees: z.array(z.number().int()).optional(),
  group_assignees: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  status: z.string().optional(),
  priority: z.number().int().min(1).max(4).nullable().optional(),
  due_date: z.number().int().optional(),
  due_date_time: z.boolean().optional(),
  time_estimate: z.number().int().optional(),
  start_date: z.number().int().optional(),
  start_date_time: z.boolean().optional(),
  points: z.number().optional(),
  notify_all: z.boolean().optional(),
  parent: z.string().nullable().optional(),
  links_to: z.string().nullable().optional(),
  check_required_custom_fields: z.boolean().optional(),
  custom_fields: z.array(z.object({ id: z.string(), value: z.unknown() })).optional(),
  custom_item_id: z.number().nullable().optional(),
  archived: z.boolean().optional(),
});

/** ClickUp's error body: { err, ECODE }. */
export interface ClickUpError {
  status: number;
  body: { err: string; ECODE: string };
}

export const clickupError = (status: number, err: string, ECODE: string): ClickUpError => ({
  status,
  body: { err, ECODE },
});

/** A failed check in ClickUp's words: the task name has its own message, like ClickUp's. */
export function inputError(issues: z.core.$ZodIssue[], what: 'Task' | 'List' | 'Folder' | 'Request'): ClickUpError {
  const first = issues[0]!;
  const field = first.path.join('.');
  if (field === 'name') return clickupError(400, `${what} name invalid`, 'INPUT_005');
  return clickupError(400, `${field || 'body'} invalid: ${first.message}`, 'INPUT_001');
}
