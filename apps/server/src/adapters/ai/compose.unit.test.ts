import {
  AI_STEPS,
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
import { maxReplyTokens } from '../../modules/planner/planner.prompts';
import type { LibraryTemplate } from '../../ports/ai.port';
import { estimateTokens } from '../../ports/ai.port';
import { capReply } from './ai.offline';
import { composeReply } from './compose';

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

  it('gives two sub-options of one area, and two projects, different task lists', () => {
    const social = walk(answers('Real Estate', 'Marketing & Lead Generation', 'Social media marketing'));
    const email = walk(answers('Real Estate', 'Marketing & Lead Generation', 'Email marketing'));
    expect(social.names).not.toEqual(email.names);
    expect(social.names[2]).toBe('Set up the social posting system');
    expect(email.names[2]).toBe('Build the email list and welcome sequence');
    // In every area, several sub-options bring a task of their own.
    for (const area of HELP_AREA_NAMES) {
      const own = new Set(HELP_AREAS[area].map((sub) => walk(answers('Real Estate', area, sub)).names[2]));
      expect(own.size, area).toBeGreaterThanOrEqual(3);
    }

    const base = answers('Health & Wellness', 'Operations & Systems', 'Client onboarding');
    const [first, second] = parseProjects(composeReply({ ...base, step: '2' }, library));
    const tasksFor = (project: string) => {
      const names = parseTaskNames(composeReply({ ...base, selected_project: project, step: '8' }, library));
      const json = composeReply({ ...base, selected_project: project, step: '9', tasks_array: names }, library);
      return { names, check: checkSubtasksReply(json, names) };
    };
    const a = tasksFor(first!);
    const b = tasksFor(second!);
    expect(a.names).not.toEqual(b.names);
    expect(a.names[0]).toContain(first);
    expect(b.names[0]).toContain(second);
    expect(a.check.ok && b.check.ok).toBe(true);
    if (a.check.ok && b.check.ok) expect(a.check.tasks[0]!.subtasks).not.toEqual(b.check.tasks[0]!.subtasks);
  });

  it('turns the last task into an SOP when asked for a Standard Operating Procedure', () => {
    const sop = walk(
      answers('Real Estate', 'Operations & Systems', 'Client onboarding', 'Standard Operating Procedure'),
    );
    expect(sop.names[7]).toMatch(/SOP/);
  });

  it('keeps every reply within its step token limit, and the offline cap cuts a longer one at a word', () => {
    for (const [industry, area, sub] of cases) {
      const base = answers(industry, area, sub);
      const chosen = { ...base, selected_project: parseProjects(composeReply({ ...base, step: '2' }, library))[0]! };
      const names = parseTaskNames(composeReply({ ...chosen, step: '8' }, library));
      for (const step of AI_STEPS) {
        const reply = composeReply({ ...chosen, step, tasks_array: names }, library);
        expect(estimateTokens(reply), `${industry} / ${sub} step ${step}`).toBeLessThanOrEqual(maxReplyTokens(step));
        expect(capReply(reply, maxReplyTokens(step))).toBe(reply);
      }
    }
    const long = 'word '.repeat(100);
    const capped = capReply(long, 10);
    expect(capped.length).toBeLessThanOrEqual(40);
    expect(capped).toMatch(/^(word )*word$/);
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
