import { randomBytes } from 'node:crypto';
import {
  type InvitationAccepted,
  type InvitationView,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type Team,
  type TeamInvitationRequest,
} from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Mailer } from '../../ports/mail.port';
import { type ClientRow, ensureClient } from '../clients';
import { sha256 } from '../identity';
import { teammatesLimitOf } from '../permissions';
import { invitationMail } from './team.mail';
import { namesOf } from './team.names';
import {
  acceptInvitation,
  deleteInvitation,
  deleteTeammate,
  findInvitationByToken,
  findTeammate,
  type InvitationRow,
  insertInvitation,
  listTeammates,
  pendingInvitations,
} from './team.repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const INVITATION_MS = TEAM_LIMITS.INVITATION_DAYS * 24 * 60 * 60 * 1000;

/**
 * What ends with a teammate's place in a team, in the removal's transaction: their access to the owner's plans and
 * their assignments there (my-plans, handed over by app.ts).
 */
export type EndTeammateAccess = (tx: Tx, ownerClientId: number, teammateClientId: number) => Promise<void>;

export async function teamOf(db: Database, owner: ClientRow, now: Date = new Date()): Promise<Team> {
  const [teammates, invitations, limit] = await Promise.all([
    listTeammates(db, owner.id),
    pendingInvitations(db, owner.id),
    teammatesLimitOf(db, owner),
  ]);
  return {
    teammates: teammates.map((t) => ({
      id: t.teammateClientId,
      name: t.name,
      email: t.email,
      created_at: t.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      expired: i.expiresAt <= now,
    })),
    limit,
  };
}

/**
 * Invites someone to the member's team: an invitation of 7 days, single-use, mailed with its link. The answer is
 * the same whether the address has an account or not: nothing here looks. Refused for the member's own address,
 * a teammate's, and past the membership's number of teammates (pending invitations included).
 */
export async function invite(
  deps: { db: Database; mailer: Mailer; publicUrl: string; supportEmail: string },
  owner: ClientRow,
  request: TeamInvitationRequest,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const { db } = deps;
  if (request.email === owner.email) throw new AppError('VALIDATION_FAILED', TEAM_MESSAGES.NOT_YOURSELF);
  const already = (await listTeammates(db, owner.id)).find((t) => t.email === request.email);
  if (already) throw new AppError('CONFLICT', TEAM_MESSAGES.ALREADY_TEAMMATE(already.name));
  const limit = await teammatesLimitOf(db, owner);
  const secret = randomBytes(24).toString('base64url');
  const row = await insertInvitation(
    db,
    {
      ownerClientId: owner.id,
      name: request.name,
      email: request.email,
      tokenHash: sha256(secret),
      expiresAt: new Date(now.getTime() + INVITATION_MS),
    },
    limit,
    now,
  );
  if (!row) throw new AppError('FORBIDDEN', TEAM_MESSAGES.LIMIT_REACHED(limit ?? 0));
  const ownerName = (await namesOf(db, [owner.id])).get(owner.id)?.full ?? owner.email;
  const url = new URL(`/team/accept/${secret}`, deps.publicUrl).toString();
  await deps.mailer.send(
    invitationMail(
      request.email,
      { ownerName, invitedName: request.name, url, days: TEAM_LIMITS.INVITATION_DAYS },
      deps.supportEmail,
    ),
  );
  return { message: TEAM_MESSAGES.INVITED(request.email) };
}

export async function withdrawInvitation(db: Database, owner: ClientRow, id: number): Promise<void> {
  if (!(await deleteInvitation(db, owner.id, id))) throw new AppError('NOT_FOUND', TEAM_MESSAGES.INVITATION_NOT_FOUND);
}

/** Removes a teammate: their access to the owner's plans ends at once and their tasks there are unassigned. */
export async function removeTeammate(
  db: Database,
  owner: ClientRow,
  teammateClientId: number,
  endAccess: EndTeammateAccess,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    if (!(await deleteTeammate(tx, owner.id, teammateClientId))) return false;
    await endAccess(tx, owner.id, teammateClientId);
    return true;
  });
  if (!removed) throw new AppError('NOT_FOUND', TEAM_MESSAGES.TEAMMATE_NOT_FOUND);
}

/** An invitation's state: why it cannot be accepted, in the owner's first name where the sentence needs one. */
function stateOf(row: InvitationRow | null, now: Date): InvitationView['state'] {
  if (!row) return 'withdrawn';
  if (row.acceptedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'valid';
}

async function ownerFirstName(db: Database, row: InvitationRow): Promise<string> {
  const name = (await namesOf(db, [row.ownerClientId])).get(row.ownerClientId);
  return name?.first || name?.full || TEAM_MESSAGES.SOMEONE;
}

function refusal(state: InvitationView['state'], owner: string): string | null {
  if (state === 'expired') return TEAM_MESSAGES.EXPIRED(owner);
  if (state === 'used') return TEAM_MESSAGES.USED;
  if (state === 'withdrawn') return TEAM_MESSAGES.WITHDRAWN;
  return null;
}

/** What the accept page shows of an invitation: who invites, whom, and whether it can still be accepted. */
export async function invitationView(db: Database, token: string, now: Date = new Date()): Promise<InvitationView> {
  const row = await findInvitationByToken(db, sha256(token));
  const state = stateOf(row, now);
  const owner = row ? await ownerFirstName(db, row) : null;
  return {
    state,
    owner_first_name: owner,
    invited_name: row?.name ?? null,
    message: refusal(state, owner ?? TEAM_MESSAGES.SOMEONE),
  };
}

/**
 * Accepts an invitation for the signed-in account: only one whose verified address is the invited one. The
 * account becomes the owner's teammate; the owner then shares plans with them.
 */
export async function acceptInvitationAs(
  db: Database,
  account: { email: string; username: string; confirmed: boolean },
  token: string,
  now: Date = new Date(),
): Promise<InvitationAccepted> {
  const row = await findInvitationByToken(db, sha256(token));
  const state = stateOf(row, now);
  const owner = row ? await ownerFirstName(db, row) : TEAM_MESSAGES.SOMEONE;
  if (!row || state !== 'valid') {
    throw new AppError(state === 'withdrawn' ? 'NOT_FOUND' : 'CONFLICT', refusal(state, owner) ?? TEAM_MESSAGES.USED);
  }
  if (!account.confirmed || account.email !== row.email) {
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.WRONG_ACCOUNT(row.email));
  }
  const teammate = await ensureClient(db, account.email, account.username);
  if (teammate.id === row.ownerClientId) throw new AppError('VALIDATION_FAILED', TEAM_MESSAGES.NOT_YOURSELF);
  if (!(await acceptInvitation(db, row, teammate.id, now))) {
    const again = await findInvitationByToken(db, row.tokenHash);
    throw new AppError('CONFLICT', refusal(stateOf(again, now), owner) ?? TEAM_MESSAGES.USED);
  }
  return { owner_name: owner, message: TEAM_MESSAGES.ACCEPTED(owner) };
}

/** Whether a client is a teammate of the owner (access to a plan is given only to them). */
export async function isTeammate(db: Database | Tx, ownerClientId: number, clientId: number): Promise<boolean> {
  return (await findTeammate(db, ownerClientId, clientId)) !== null;
}
