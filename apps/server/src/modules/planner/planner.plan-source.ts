import type { PlanSource } from '../integrations/plan-sources';
import { aiPlanForUpload } from './planner.service';

/** The AI planner's saved plans as an upload source: plan ids `ai-<id>`, each visible to its owner only. */
export const AI_PLAN_PREFIX = 'ai-';

export const aiPlanSource: PlanSource = {
  kind: 'ai',
  owns: (planId) => /^ai-\d{1,9}$/.test(planId),
  async load(db, clientId, planId) {
    const plan = await aiPlanForUpload(db, clientId, Number(planId.slice(AI_PLAN_PREFIX.length)));
    if (!plan) return null;
    return {
      name: plan.name,
      description: plan.sections[0]?.description ?? '',
      plan: { sections: plan.sections },
    };
  },
  // The planner's own gate (plan permission and credits) already let the member make it.
  mayUpload: async (db, clientId, planId) =>
    (await aiPlanForUpload(db, clientId, Number(planId.slice(AI_PLAN_PREFIX.length)))) !== null,
};
