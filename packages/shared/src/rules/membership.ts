import { PLAN_NAMES, TEMPLATE_CATEGORIES } from '../constants';

/** The parts of a client record the member and course rules read. */
export interface MembershipFacts {
  is_toolkit_user: boolean;
  digipremium: number;
  plan_name: string;
}

/** Members area: toolkit users, or the Premium Monthly Membership plan. */
export function canUseMembersArea(client: MembershipFacts | null | undefined): boolean {
  return !!client && (client.is_toolkit_user || client.plan_name === PLAN_NAMES.PREMIUM_MONTHLY);
}

/** Course area: digipremium students (flag 1), or the Premium Monthly Membership plan. */
export function canUseCourseArea(client: MembershipFacts | null | undefined): boolean {
  return !!client && (client.digipremium === 1 || client.plan_name === PLAN_NAMES.PREMIUM_MONTHLY);
}

/**
 * The header's Premium entry (to the members area; docs/product-rules.md, Members): digipremium 1 with Premium Monthly
 * Membership, or the Implementer's Club plan; and everyone else the members area lets in (a Premium Monthly
 * subscriber, a toolkit buyer), who would otherwise have no way there.
 */
export function showsPremiumEntry(client: MembershipFacts | null | undefined): boolean {
  if (!client) return false;
  return (
    (client.digipremium === 1 && client.plan_name === PLAN_NAMES.PREMIUM_MONTHLY) ||
    client.plan_name === PLAN_NAMES.IMPLEMENTERS_CLUB ||
    canUseMembersArea(client)
  );
}

/** The categories of the members area sidebar (all four catalogue categories). */
export const MEMBER_CATEGORIES: readonly string[] = [...TEMPLATE_CATEGORIES];

/** The course area's accordion: the categories at indexes 3 to 12 of the category list. */
export const COURSE_CATEGORIES: readonly string[] = TEMPLATE_CATEGORIES.slice(3, 13);
