import type { MyPlanDocument } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const TASKS_PER_SECTION = 20;
/** A template every member may take. */
const FREE_TEMPLATE = 'project-planning-made-easy-with-5-simple-principles';
const text = (length: number) =>
  'Plan the work, share it, check it off and tell everyone what changed. '
    .repeat(Math.ceil(length / 70))
    .slice(0, length);

/** A plan copy of `tasks` tasks with `subtasks` subtasks each, every text filled: heavy to write as Word or Excel. */
export function largePlan(tasks: number, subtasks: number): MyPlanDocument {
  return {
    start_date: '2027-01-04',
    sections: Array.from({ length: Math.ceil(tasks / TASKS_PER_SECTION) }, (_, s) => ({
      id: `s${s}`,
      name: `Section ${s + 1}`,
      description: text(200),
      tasks: Array.from({ length: Math.min(TASKS_PER_SECTION, tasks - s * TASKS_PER_SECTION) }, (_, t) => ({
        id: `s${s}t${t}`,
        name: `Task ${s + 1}.${t + 1}`,
        description: text(200),
        start_date: '2027-01-04',
        due_date: '2027-02-01',
        owner: 'Ada',
        priority: 'medium' as const,
        assignee_id: null,
        depends_on: [],
        milestone: false,
        subtasks: Array.from({ length: subtasks }, (_, k) => ({
          id: `s${s}t${t}k${k}`,
          name: `Step ${k + 1}`,
          description: text(60),
        })),
      })),
    })),
  };
}

/**
 * Stores a copy straight into the member's My Plans, taken from the free template: as a copy saved before the
 * bounds of today, or beyond them, would be (the downloads and the archive must cope with what is stored).
 */
export async function storeCopy(app: FastifyInstance, clientId: number, plan: MyPlanDocument): Promise<number> {
  const [id] = await storeCopies(app, clientId, plan, 1);
  return id!;
}

/** `count` such copies, the plan sent to the database once. */
export async function storeCopies(
  app: FastifyInstance,
  clientId: number,
  plan: MyPlanDocument,
  count: number,
): Promise<number[]> {
  const result = (await app.db.execute(
    sql`insert into member_plans (client_id, name, source_kind, source_id, plan)
      select ${clientId}, 'A large plan', 'template', t.id, p.plan
      from project_plans t, (select ${JSON.stringify(plan)}::jsonb as plan) p, generate_series(1, ${count})
      where t.slug = ${FREE_TEMPLATE} returning id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
