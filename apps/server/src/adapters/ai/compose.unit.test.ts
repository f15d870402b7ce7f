import {
  type AiRequest,
  AREA_SEPARATOR,
  checkSubtasksReply,
  HELP_AREA_NAMES,
  HELP_AREAS,
  INDUSTRIES,
  OTHER,
  PLANNER,
  parseProjects,
  parseSmartGoal,
  parseTaskNames,
} from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../../db/seed-data/templates';
import { composeReply, type LibraryTemplate } from './compose';

const library: LibraryTemplate[] = SEED_TEMPLATES.filter((t) => t.plan.sections.length > 0).map((t) => ({
  productName: t.product_name,
  sections: t.plan.sections,
}));

function answers(industry: string, area: string, sub: string, helpType = 'Action Plan'): Omit<AiRequest, 'step'> {
  return {
    industry,
    target_audience: `Done-for-you services for ${industry.toLowerCase()} owners`,
    goal_or_problem: `${area}${AREA_SEPARATOR}${sub}`,
    challenges: `Not enough progress on ${sub.toLowerCase()}`,
    outcome_importance: 'Reach 40 new clients by March',
    solution: helpType,
  };
}

/** Every help area with two industries (and each sub-option once), plus free-text Other answers. */
const cases: [string, string, string][] = HELP_AREA_NAMES.flatMap((area, i) =>
  HELP_AREAS[area].map((sub, j): [string, string, string] => [INDUSTRIES[(i * 2 + j) % INDUSTRIES.length]!, area, sub]),
);
cases.push(
  ['Veterinary clinics', 'Marketing & Lead Generation', 'Podcast sponsorships'],
  ['Boat repair', OTHER, 'hiring a team for the busy season'],
);

function walk(base: Omit<AiRequest, 'step'>) {
  const goal = composeReply({ ...base, step: '0' }, library);
  const projects = parseProjects(composeReply({ ...base, step: '2' }, library));
  const chosen = { ...base, selected_project: projects[1]! };
  const sections = (['3', '4', '5', '6', '7'] as const).map((step) => composeReply({ ...chosen, step }, library));
  const names = parseTaskNames(composeReply({ ...chosen, step: '8' }, library));
  const json = composeReply({ ...chosen, step: '9', tasks_array: names }, library);
  return { goal, projects, sections, names, check: checkSubtasksReply(json, names) };
}

describe('the offline planner', () => {
  it.each(cases)('plans for %s / %s / %s', (industry, area, sub) => {
    const base = answers(industry, area, sub);
    const { goal, projects, sections, names, check } = walk(base);
    const smart = parseSmartGoal(goal);
    for (const part of Object.values(smart)) expect(part.length).toBeGreaterThan(10);
    expect(goal).toContain('Reach 40 new clients by March');
    expect(goal.toLowerCase()).toContain(industry === OTHER ? 'other' : industry.toLowerCase());
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(projects.length).toBeLessThanOrEqual(PLANNER.MAX_PROJECTS);
    for (const s of sections) expect(s.length).toBeGreaterThan(40);
    expect(sections[0]).toContain(projects[1]);
    expect(names).toHaveLength(PLANNER.TASKS);
    expect(new Set(names).size).toBe(PLANNER.TASKS);
    expect(check.ok).toBe(true);
    if (check.ok) for (const t of check.tasks) expect(t.subtasks.length).toBeGreaterThanOrEqual(3);
  });

  it('differs between help areas and industries', () => {
    const a = walk(answers('Real Estate', 'Finance & Cash Flow', 'Reducing costs'));
    const b = walk(answers('Food & Hospitality', 'Team & Hiring', 'Hiring & recruiting'));
    expect(a.names).not.toEqual(b.names);
    expect(a.goal).not.toEqual(b.goal);
    expect(a.goal).toContain('home buyers');
    expect(b.goal).toContain('guests');
  });

  it('turns the last task into an SOP when asked for a Standard Operating Procedure', () => {
    const sop = walk(
      answers('Real Estate', 'Operations & Systems', 'Client onboarding', 'Standard Operating Procedure'),
    );
    expect(sop.names[7]).toMatch(/SOP/);
  });

  it('answers the older wizard under S, M, A, R, T headings', () => {
    const room = composeReply(
      {
        step: 'room',
        industry: 'Health & Wellness',
        goal_or_problem: 'More rebookings',
        target_audience: 'busy parents',
      },
      library,
    );
    for (const h of ['S - Specific', 'M - Measurable', 'A - Achievable', 'R - Relevant', 'T - Time-bound']) {
      expect(room).toContain(h);
    }
    expect(room).toContain('busy parents');
  });
});
