import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PLAN_ROLES, TEAM_LIMITS } from '../rules/team';
import { EmailSchema } from './identity';
import { BodyIdSchema, DatabaseIdSchema } from './ids';

/**
 * A member's team (ADR 0052): the people they invite by e-mail, who accept with an account of that address, and
 * who then read (viewer) or edit (editor) the plans their owner shares with them.
 */
export const TEAM_MESSAGES = {
  NAME_REQUIRED: "Please enter your teammate's name.",
  NAME_TOO_LONG: `A name holds at most ${TEAM_LIMITS.NAME} characters.`,
  /** What the inviting member reads once an invitation is on its way: the same words whoever the address is. */
  INVITED: (email: string) => `We sent an invitation to ${email}. It works once, for 7 days.`,
  NOT_YOURSELF: 'You are already the owner of your plans: invite someone else.',
  ALREADY_TEAMMATE: (name: string) => `${name} is already in your team.`,
  /** Pending invitations count too: `limit` is the membership's number of teammates. */
  LIMIT_REACHED: (limit: number) =>
    limit === 0
      ? 'Your membership does not include a team. Upgrade your membership to invite teammates.'
      : `Your membership includes up to ${limit} ${limit === 1 ? 'teammate' : 'teammates'}, pending invitations included. Withdraw an invitation, remove a teammate or upgrade your membership to invite another.`,
  INVITATIONS_PER_HOUR: (perHour: number, wait: string) =>
    `You can send up to ${perHour} invitations an hour. Please try again ${wait}.`,
  INVITATION_NOT_FOUND: 'This invitation does not exist or was withdrawn.',
  TEAMMATE_NOT_FOUND: 'This person is not in your team.',
  /** The accept page's refusals: `owner` is the inviting member's first name. */
  EXPIRED: (owner: string) => `This invitation has expired. Ask ${owner} to send a new one.`,
  USED: 'This invitation has already been used.',
  WITHDRAWN: 'This invitation was withdrawn or does not exist. Ask whoever invited you to send a new one.',
  WRONG_ACCOUNT: (email: string) =>
    `This invitation was sent to ${email}. Log in with that address (or create an account with it) to accept it.`,
  /** When the inviting member's name is not known. */
  SOMEONE: 'the person who invited you',
  ACCEPTED: (owner: string) => `You joined ${owner}'s team. The plans ${owner} shares with you appear in My Plans.`,
} as const;

export const PLAN_ACCESS_MESSAGES = {
  VIEWER_CANNOT_SAVE: 'You can view this plan but not change it: ask its owner to make you an editor.',
  OWNER_ONLY: 'Only the owner of this plan can do this.',
  NOT_A_TEAMMATE: 'Only people of your team can be given access to a plan: invite them first.',
  ASSIGNEE_NOT_IN_TEAM:
    "A task is assigned to someone who is not in this plan's team: choose one of its people, or write a name in the owner field.",
  /** Why the editor is read-only for a viewer. */
  READ_ONLY_NOTE: (owner: string) => `You can view this plan; only ${owner} and the plan's editors can change it.`,
} as const;

const NameField = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, TEAM_MESSAGES.NAME_REQUIRED).max(TEAM_LIMITS.NAME, TEAM_MESSAGES.NAME_TOO_LONG))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find them.
  .refine((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), MESSAGES.UNSTORABLE_TEXT);

export const TeamInvitationRequestSchema = z.object({ name: NameField, email: EmailSchema }).strict();
export type TeamInvitationRequest = z.infer<typeof TeamInvitationRequestSchema>;

export const TeammateSchema = z.object({
  /** The teammate's client id: what a task's assignee_id names. */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type Teammate = z.infer<typeof TeammateSchema>;

export const TeamInvitationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Past its expiry: it no longer counts against the limit, and can only be withdrawn (or sent again). */
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

/** The member's team: teammates, invitations not accepted yet, and how many the membership allows (null: no limit). */
export const TeamSchema = z.object({
  teammates: z.array(TeammateSchema),
  invitations: z.array(TeamInvitationSchema),
  limit: z.number().int().nullable(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamInvitedSchema = z.object({ message: z.string() });

/** The secret of an invitation's link: random base64url, as the mailed codes are. */
export const InvitationTokenParamsSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be an invitation link') })
  .strict();

export const TeammateIdParamsSchema = z.object({ teammateId: DatabaseIdSchema }).strict();

export const INVITATION_STATES = ['valid', 'expired', 'used', 'withdrawn'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What the accept page shows of an invitation: no account information, whoever asks. */
export const InvitationViewSchema = z.object({
  state: z.enum(INVITATION_STATES),
  /** The inviting member's first name; null for one withdrawn (nothing is known of it). */
  owner_first_name: z.string().nullable(),
  invited_name: z.string().nullable(),
  /** Why it cannot be accepted; null when it can. */
  message: z.string().nullable(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

export const InvitationAcceptedSchema = z.object({ owner_name: z.string(), message: z.string() });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

// --- Access to one plan ---------------------------------------------------------------------------------------

/** A person of a plan's team: its owner, or a teammate with access. E-mails are answered to the owner only. */
export const PlanPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['owner', ...PLAN_ROLES]),
  email: z.string().optional(),
});
export type PlanPerson = z.infer<typeof PlanPersonSchema>;

/** The owner's choice for each teammate on one plan: a role, or none (no access). Teammates left out keep theirs. */
export const PlanAccessRequestSchema = z
  .object({
    teammates: z
      .array(z.object({ id: BodyIdSchema, role: z.enum([...PLAN_ROLES, 'none']) }).strict())
      .max(TEAM_LIMITS.TEAMMATES_PER_REQUEST),
  })
  .strict();
export type PlanAccessRequest = z.infer<typeof PlanAccessRequestSchema>;

export const PlanTeamSchema = z.object({ people: z.array(PlanPersonSchema) });
export type PlanTeam = z.infer<typeof PlanTeamSchema>;
