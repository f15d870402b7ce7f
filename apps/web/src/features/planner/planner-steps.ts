/** The planner's five steps: the preview lists them, the wizard shows where the member is. */
export const PLANNER_STEPS = [
  'Goal Clarity Wizard',
  'Recommendation Engine',
  'My Success Plan',
  'Task List Generator',
  'Project Management Tool Transfer',
] as const;
