import type { PlanSource } from '../integrations';
import { recordSending } from './my-plans.progress';
import { findMemberPlan, recordMemberPlanSent } from './my-plans.repository';
import { datedPlanOf, mayUseSourceOf } from './my-plans.service';

/** Members' copies as an upload source: plan ids `my-plan-<id>`, each visible to its owner only. */
export const MY_PLAN_PREFIX = 'my-plan-';

const copyId = (planId: string) => Number(planId.slice(MY_PLAN_PREFIX.length));

/** `readEveryMs`: when the schedule reads a sent copy's progress after the first read, queued at sending. */
export const myPlanSource = (readEveryMs: number): PlanSource => ({
  kind: 'my-plan',
  owns: (planId) => planId.startsWith(MY_PLAN_PREFIX) && /^[1-9]\d{0,8}$/.test(planId.slice(MY_PLAN_PREFIX.length)),
  async load(db, clientId, planId) {
    const row = await findMemberPlan(db, clientId, copyId(planId));
    if (!row) return null;
    return {
      name: row.name,
      // A copy has no text of its own for the project: its sections carry the descriptions.
      description: '',
      plan: datedPlanOf(row.plan),
    };
  },
  // Loading already refused another member's copy; a paid template's copy goes while the template is theirs.
  async mayUpload(db, clientId, planId) {
    const row = await findMemberPlan(db, clientId, copyId(planId));
    return row !== null && (await mayUseSourceOf(db, clientId, row));
  },
  async sent(db, clientId, planId, sent) {
    await recordMemberPlanSent(db, clientId, copyId(planId), sent);
    await recordSending(db, clientId, copyId(planId), sent, readEveryMs);
  },
});
