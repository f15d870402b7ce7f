import { describe, expect, it } from 'vitest';
import {
  COURSE_CATEGORIES,
  canUseCourseArea,
  canUseMembersArea,
  MEMBER_CATEGORIES,
  showsPremiumEntry,
} from './membership';

const client = (is_toolkit_user: boolean, digipremium: number, plan_name: string) => ({
  is_toolkit_user,
  digipremium,
  plan_name,
});

describe('membership rules', () => {
  it.each([
    [client(true, 0, ''), true, false],
    [client(false, 1, ''), false, true],
    [client(false, 0, 'Premium Monthly Membership'), true, true],
    [client(false, 0, 'Pro Monthly Membership'), false, false],
    [client(false, 0, "Implementer's Club"), false, false],
    [client(false, 2, ''), false, false],
  ])('members and course areas for %o', (facts, members, course) => {
    expect(canUseMembersArea(facts)).toBe(members);
    expect(canUseCourseArea(facts)).toBe(course);
  });

  it('keeps everyone out without a record', () => {
    expect(canUseMembersArea(null)).toBe(false);
    expect(canUseCourseArea(undefined)).toBe(false);
    expect(showsPremiumEntry(null)).toBe(false);
  });

  it('shows the Premium entry to digipremium Premium members, the Implementer’s Club and whoever the members area lets in', () => {
    expect(showsPremiumEntry(client(false, 1, 'Premium Monthly Membership'))).toBe(true);
    expect(showsPremiumEntry(client(false, 0, 'Premium Monthly Membership'))).toBe(true);
    expect(showsPremiumEntry(client(true, 0, ''))).toBe(true);
    expect(showsPremiumEntry(client(false, 0, "Implementer's Club"))).toBe(true);
    expect(showsPremiumEntry(client(false, 1, ''))).toBe(false);
    expect(showsPremiumEntry(client(false, 0, 'Pro Monthly Membership'))).toBe(false);
  });

  it('gives everyone the members area lets in the Premium entry', () => {
    for (const toolkit of [true, false])
      for (const digipremium of [0, 1, 2])
        for (const plan of ['', 'Pro Monthly Membership', 'Premium Monthly Membership', "Implementer's Club"]) {
          const facts = client(toolkit, digipremium, plan);
          if (canUseMembersArea(facts)) expect(showsPremiumEntry(facts)).toBe(true);
        }
  });

  it('takes the course categories from index 3 of the category list', () => {
    expect(MEMBER_CATEGORIES).toHaveLength(4);
    expect(COURSE_CATEGORIES).toEqual(['Project Plan Templates']);
  });
});
