import { byWaitingTask, type PlanLink, planLinks, type ReadyLink } from '../../ports/task-tool.links';
import { PRIORITY_LABELS, type UploadLedger, type UploadPlan } from '../../ports/task-tool.port';
import type { MondayMutation } from './monday-graphql';

/**
 * A plan as a monday board holds it: the columns the board gets for what its items carry besides a name, the
 * values each item is created with, and the dependency values that link them.
 */

/**
 * The Priority column's labels, made with the column (create_status_column's typed `defaults`), so that items
 * are created with a label the column has: monday refuses an unknown label unless told to create it.
 */
const PRIORITY_STATUS_LABELS = [
  { label: PRIORITY_LABELS.high, color: 'stuck_red', index: 0 },
  { label: PRIORITY_LABELS.medium, color: 'working_orange', index: 1 },
  { label: PRIORITY_LABELS.low, color: 'bright_blue', index: 2 },
];
/**
 * monday has no milestone of its own (contracts/monday/schema.graphql names none): a milestone is an item whose
 * Milestone column says so, a status column with this one label, so a team can filter and colour them (ADR 0046).
 */
export const MONDAY_MILESTONE_LABEL = 'Milestone';
const MILESTONE_STATUS_LABELS = [{ label: MONDAY_MILESTONE_LABEL, color: 'done_green', index: 0 }];

/**
 * The columns an uploaded board gets for what its items carry besides a name, with ids of our choosing so
 * a later run knows them: monday boards have no fixed due-date, start, priority, description, dependency or
 * milestone column of their own. Each but the first two is added only when some task of the plan needs it
 * (templates have none).
 */
export const MONDAY_PLAN_COLUMNS = [
  { id: 'plan_due', title: 'Due date', type: 'date' },
  { id: 'plan_description', title: 'Description', type: 'long_text' },
  { id: 'plan_start', title: 'Start date', type: 'date' },
  { id: 'plan_priority', title: 'Priority', type: 'status', labels: PRIORITY_STATUS_LABELS },
  // ColumnType `dependency`: its value `{"item_ids": [...]}` names the items an item waits on, finish-to-start.
  { id: 'plan_depends', title: 'Depends on', type: 'dependency' },
  { id: 'plan_milestone', title: 'Milestone', type: 'status', labels: MILESTONE_STATUS_LABELS },
] as const;
export type PlanColumn = (typeof MONDAY_PLAN_COLUMNS)[number];
/** The dependency column's id, read back by tests. */
export const MONDAY_DEPENDENCY_COLUMN = 'plan_depends';

/** The columns a plan's items need: due date and description always, the others when some task has one. */
export function columnsFor(plan: UploadPlan): PlanColumn[] {
  const tasks = plan.sections.flatMap((s) => s.tasks);
  const needed: Partial<Record<PlanColumn['id'], boolean>> = {
    plan_start: tasks.some((t) => t.startOn),
    plan_priority: tasks.some((t) => t.priority && t.priority !== 'none'),
    plan_depends: planLinks(plan).links.length > 0,
    plan_milestone: tasks.some((t) => t.milestone),
  };
  return MONDAY_PLAN_COLUMNS.filter((c) => needed[c.id] !== false);
}

/** The mutation that adds one of our columns to a board: a status column with its labels, any other by its type. */
export function columnMutation(c: PlanColumn, i: number, board: { type: string; value: string }): MondayMutation {
  const common = {
    [`cb${i}`]: board,
    [`ci${i}`]: { type: 'String', value: c.id },
    [`ct${i}`]: { type: 'String!', value: c.title },
  };
  if (c.type === 'status') {
    return {
      field: `create_status_column(board_id: $cb${i}, id: $ci${i}, title: $ct${i}, defaults: $cd${i})`,
      variables: {
        ...common,
        [`cd${i}`]: { type: 'CreateStatusColumnSettingsInput', value: { labels: c.labels } },
      },
    };
  }
  return {
    field: `create_column(board_id: $cb${i}, id: $ci${i}, title: $ct${i}, column_type: ${c.type})`,
    variables: common,
  };
}

/** An item's column values: its due and start dates, its description, its priority's label and milestone's. */
export function itemColumnValues(task: UploadPlan['sections'][number]['tasks'][number]): string {
  return JSON.stringify({
    ...(task.dueOn && { plan_due: { date: task.dueOn } }),
    ...(task.startOn && { plan_start: { date: task.startOn } }),
    plan_description: { text: task.description },
    ...(task.priority && task.priority !== 'none' && { plan_priority: { label: PRIORITY_LABELS[task.priority] } }),
    ...(task.milestone && { plan_milestone: { label: MONDAY_MILESTONE_LABEL } }),
  });
}

/**
 * The changes that set the dependency column of each item with links still to send: its whole value, every task it
 * waits on that the board holds (those sent before too), so setting it again changes nothing. Each change records
 * the links it carries.
 */
export function mondayLinkChanges(
  sending: { links: PlanLink[]; ready: ReadyLink[] },
  ledger: Pick<UploadLedger, 'get'>,
  boardId: string,
): {
  key: string;
  parent: string;
  name: string;
  untracked: true;
  records: { key: string; remoteId: string }[];
  mutation: MondayMutation;
}[] {
  const pending = new Set(sending.ready.map((l) => l.key));
  return byWaitingTask(sending.links)
    .filter((group) => group.links.some((l) => pending.has(l.key)))
    .map(({ task, links: own }, i) => {
      const itemId = ledger.get(task.key)!;
      const held = own.filter((l) => ledger.get(l.on.key));
      const value = { [MONDAY_DEPENDENCY_COLUMN]: { item_ids: held.map((l) => Number(ledger.get(l.on.key))) } };
      return {
        key: `links:${task.key}`,
        parent: '',
        name: task.name,
        untracked: true as const,
        records: held.map((l) => ({ key: l.key, remoteId: `${itemId}<${ledger.get(l.on.key)}` })),
        mutation: {
          field: `change_multiple_column_values(board_id: $lb${i}, item_id: $li${i}, column_values: $lc${i})`,
          variables: {
            [`lb${i}`]: { type: 'ID!', value: boardId },
            [`li${i}`]: { type: 'ID', value: itemId },
            [`lc${i}`]: { type: 'JSON!', value: JSON.stringify(value) },
          },
        },
      };
    });
}
