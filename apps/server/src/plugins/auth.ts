import { AUTH_MESSAGES } from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import {
  authoritiesOf,
  type ClientRow,
  findClientByEmail,
  findClientById,
  findClientByUsername,
} from '../modules/clients';
import type { AuthenticatedSession, IdentityService } from '../modules/identity';

export const ROLE_ADMIN = 'ROLE_ADMIN';

/** One client record as a call names it: by database id, by identity username or by e-mail address. */
export type ClientRef = { id: number } | { username: string } | { email: string };

/** The answer when a signed-in user has no client record, or an administrator names one that does not exist. */
export const NO_CLIENT_RECORD = 'No account was found for this client.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: who is calling. */
    session: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    identity: IdentityService;
    /** preHandler: the call needs a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the call needs a live session of an administrator. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * The client record a call is about, after requireUser, with one answer on every route: the caller's own,
     * or the one `named` when it is the caller's own or the caller is an administrator (unless `ownerOnly`).
     * 404 when the signed-in user has no client record, or an administrator names one that does not exist;
     * 403 when the named record is not the caller's to use, whether it exists or not.
     */
    callerClient: (request: FastifyRequest, named?: ClientRef, options?: { ownerOnly?: boolean }) => Promise<ClientRow>;
    /** Every route requireAdmin guards (on onRequest or preHandler), as routes are added: 'METHOD /url'. */
    adminRoutes: ReadonlySet<string>;
  }
}

/** The bearer token of a request's authorization header; null when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token === '' || token.length > 200 ? null : token;
}

/** The caller is known by the bearer token alone; every role is checked here, on the server. */
export function registerAuth(app: FastifyInstance, identity: IdentityService): void {
  app.decorate('identity', identity);
  app.decorateRequest('session', null);

  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await identity.authenticate(token) : null;
    if (!session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
    request.session = session;
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!(await isAdmin(app, request.session!))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
  });

  app.decorate('callerClient', async (request: FastifyRequest, named?: ClientRef, options = { ownerOnly: false }) => {
    if (!request.session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
    const own = await findClientByEmail(app.db, request.session.user.email);
    if (!own) throw new AppError('NOT_FOUND', NO_CLIENT_RECORD);
    if (!named || isNamed(own, named)) return own;
    if (options.ownerOnly || !(await authoritiesOf(app.db, own.id)).includes(ROLE_ADMIN)) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
    }
    const client = await findNamedClient(app, named);
    if (!client) throw new AppError('NOT_FOUND', NO_CLIENT_RECORD);
    return client;
  });

  // Known up front so that no administrators' route can be left out of the access checks.
  const adminRoutes = new Set<string>();
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    const guards = [route.onRequest, route.preHandler].flat();
    if (!guards.includes(app.requireAdmin)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') adminRoutes.add(`${method} ${route.url}`);
  });
}

function isNamed(client: ClientRow, ref: ClientRef): boolean {
  if ('id' in ref) return client.id === ref.id;
  // A record not linked to an identity yet has the username '', which names nothing.
  if ('username' in ref) return client.username !== '' && client.username === ref.username;
  return client.email === ref.email;
}

function findNamedClient(app: FastifyInstance, ref: ClientRef): Promise<ClientRow | null> {
  if ('id' in ref) return findClientById(app.db, ref.id);
  if ('username' in ref) return findClientByUsername(app.db, ref.username);
  return findClientByEmail(app.db, ref.email);
}

export async function isAdmin(app: FastifyInstance, session: AuthenticatedSession): Promise<boolean> {
  const client = await findClientByEmail(app.db, session.user.email);
  return client !== null && (await authoritiesOf(app.db, client.id)).includes(ROLE_ADMIN);
}

/** For public routes that show more to an administrator: true only for a live admin session; never throws. */
export async function callerIsAdmin(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  const session = token ? await app.identity.authenticate(token) : null;
  return session !== null && (await isAdmin(app, session));
}
