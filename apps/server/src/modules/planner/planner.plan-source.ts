import type { PlanSource } from '../integrations';
import { aiPlanForUpload } from './planner.service';

/** The AI planner's saved plans as an upload source: plan ids `ai-<id>`, each visible to its owner only. */
const AI_PLAN_PREFIX = 'ai-';

export const aiPlanSource: PlanSource = {
  kind: 'ai',
  owns: (planId) => planId.startsWith(AI_PLAN_PREFIX) && /^\d{1,9}$/.test(planId.slice(AI_PLAN_PREFIX.length)),
  async load(db, clientId, planId) {
    const plan = await aiPlanForUpload(db, clientId, Number(planId.slice(AI_PLAN_PREFIX.length)));
    if (!plan) return null;
    return {
      name: plan.name,
      description: plan.sections[0]?.description ?? '',
      plan: { sections: plan.sections },
    };
  },
  // Loading already refused another client's plan, and the planner's gate (plan permission and credits)
  // let the member make it: nothing more to check, nothing to read again.
  mayUpload: async () => true,
};
