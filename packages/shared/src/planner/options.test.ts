import { describe, expect, it } from 'vitest';
import { PLANNER } from '../constants';
import { AREA_SEPARATOR, answersToRequest, HELP_AREAS, INDUSTRIES, OTHER } from './options';

describe('goal wizard options', () => {
  it('has 11 industries and 6 help areas of 5 to 9 sub-options, each list ending with Other', () => {
    expect(INDUSTRIES).toHaveLength(11);
    expect(INDUSTRIES.at(-1)).toBe(OTHER);
    const areas = Object.values(HELP_AREAS);
    expect(areas).toHaveLength(6);
    for (const subs of areas) {
      expect(subs.length).toBeGreaterThanOrEqual(5);
      expect(subs.length).toBeLessThanOrEqual(9);
      expect(subs.at(-1)).toBe(OTHER);
    }
    expect(PLANNER.GOAL_QUESTIONS).toBe(6);
  });

  it('turns the answers into the request fields, with Other replaced by the free text', () => {
    const request = answersToRequest({
      industry: OTHER,
      industry_other: ' Boat repair ',
      products_services: 'Hull repairs for marinas',
      help_needed: 'Team & Hiring',
      help_needed_subcategory: OTHER,
      help_needed_other: 'seasonal crew',
      specific_problem: 'Summer backlog',
      success_measure: 'Backlog under 2 weeks by July',
      help_type: 'Standard Operating Procedure',
    });
    expect(request).toEqual({
      industry: 'Boat repair',
      target_audience: 'Hull repairs for marinas',
      goal_or_problem: `Team & Hiring${AREA_SEPARATOR}seasonal crew`,
      challenges: 'Summer backlog',
      outcome_importance: 'Backlog under 2 weeks by July',
      solution: 'Standard Operating Procedure',
    });
  });
});
