/** What a teammate may be on one plan: read it (viewer), or read and save it (editor). */
export const PLAN_ROLES = ['viewer', 'editor'] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];
/** The caller's standing on a plan: its owner, or a teammate with a role. */
export type PlanStanding = 'owner' | PlanRole;

export const TEAM_LIMITS = {
  NAME: 100,
  /** Days an invitation's link works. */
  INVITATION_DAYS: 7,
  /** Teammates one access change may name: far above any membership's team. */
  TEAMMATES_PER_REQUEST: 200,
} as const;

/** The plan permission whose limit is how many teammates a membership has (set on /permission-settings). */
export const TEAM_PERMISSION = { type: 'FEATURE', name: 'team' } as const;

/** What may be done with a plan; each route asks `mayOnPlan` of the caller's standing. */
export type PlanAction = 'read' | 'download' | 'save' | 'delete' | 'send' | 'share' | 'progress';

const TEAMMATE_ACTIONS: Record<PlanRole, readonly PlanAction[]> = {
  viewer: ['read', 'download'],
  editor: ['read', 'download', 'save'],
};

/** Whether someone of that standing on a plan may do that with it: the owner anything, a teammate by role. */
export function mayOnPlan(standing: PlanStanding, action: PlanAction): boolean {
  return standing === 'owner' || TEAMMATE_ACTIONS[standing].includes(action);
}

/**
 * Whether a member may invite another teammate: those they have and the pending invitations count against the
 * membership's number (null: no limit).
 */
export function mayInvite(limit: number | null, teammates: number, pending: number): boolean {
  return limit === null || teammates + pending < limit;
}

interface AssignableTask {
  assignee_id: number | null;
}
interface AssignablePlan {
  sections: readonly { tasks: readonly AssignableTask[] }[];
}

/** The people a plan's tasks are assigned to that are not among `team` (the owner and teammates with access). */
export function assigneesOutside(plan: AssignablePlan, team: ReadonlySet<number>): number[] {
  const outside = new Set<number>();
  for (const section of plan.sections) {
    for (const task of section.tasks) {
      if (task.assignee_id !== null && !team.has(task.assignee_id)) outside.add(task.assignee_id);
    }
  }
  return [...outside];
}

/** The plan with the tasks of `people` unassigned (their owner text stays); the same object when none is theirs. */
export function unassign<P extends AssignablePlan>(plan: P, people: ReadonlySet<number>): P {
  const touched = plan.sections.some((s) => s.tasks.some((t) => t.assignee_id !== null && people.has(t.assignee_id)));
  if (!touched) return plan;
  return {
    ...plan,
    sections: plan.sections.map((s) => ({
      ...s,
      tasks: s.tasks.map((t) =>
        t.assignee_id !== null && people.has(t.assignee_id) ? { ...t, assignee_id: null } : t,
      ),
    })),
  };
}
