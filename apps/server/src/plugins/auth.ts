import { AUTH_MESSAGES } from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const ROLE_ADMIN = 'ROLE_ADMIN';

/** One client record as a call names it: by database id, by identity username or by e-mail address. */
export type ClientRef = { id: number } | { username: string } | { email: string };

/** The answer when a signed-in user has no client record, or an administrator names one that does not exist. */
export const NO_CLIENT_RECORD = 'No account was found for this client.';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the call needs a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the call needs a live session of an administrator. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** For public routes that show more to an administrator: true only for a live admin session; never throws. */
    callerIsAdmin: (request: FastifyRequest) => Promise<boolean>;
    /** Every route requireAdmin guards (on onRequest or preHandler), as routes are added: 'METHOD /url'. */
    adminRoutes: ReadonlySet<string>;
  }
}

/** What the access checks compare of a client record with the one a call names. */
interface NamedRecord {
  id: number;
  username: string;
  email: string;
}

/**
 * What this plugin asks of the modules to know a caller, handed over by app.ts: the identity module's sessions
 * and the clients module's records, whose types it needs not know.
 */
export interface CallerDirectory<Session, Client extends NamedRecord> {
  /** The live session a bearer token opens, or null. */
  authenticate(token: string): Promise<Session | null>;
  /** The session kept on a request (`request.session`), and keeping one there. */
  sessionOf(request: FastifyRequest): Session | null;
  keepSession(request: FastifyRequest, session: Session): void;
  /** The client record of a session's user, or null when they have none. */
  clientOf(session: Session): Promise<Client | null>;
  /** A client record as a call names it, or null. */
  findClient(ref: ClientRef): Promise<Client | null>;
  /** The roles a client record holds. */
  rolesOf(clientId: number): Promise<string[]>;
}

/**
 * The client record a call is about, after requireUser, with one answer on every route: the caller's own, or the
 * one `named` when it is the caller's own or the caller is an administrator (unless `ownerOnly`). 404 when the
 * signed-in user has no client record, or an administrator names one that does not exist; 403 when the named
 * record is not the caller's to use, whether it exists or not.
 */
export type CallerClient<Client> = (
  request: FastifyRequest,
  named?: ClientRef,
  options?: { ownerOnly?: boolean },
) => Promise<Client>;

/** The bearer token of a request's authorization header; null when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token === '' || token.length > 200 ? null : token;
}

/**
 * The caller is known by the bearer token alone; every role is checked here, on the server. Answers
 * `callerClient`, which app.ts decorates the app with, typed by the clients module's record.
 */
export function registerAuth<Session, Client extends NamedRecord>(
  app: FastifyInstance,
  directory: CallerDirectory<Session, Client>,
): { callerClient: CallerClient<Client> } {
  const isAdmin = async (session: Session) => {
    const client = await directory.clientOf(session);
    return client !== null && (await directory.rolesOf(client.id)).includes(ROLE_ADMIN);
  };

  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await directory.authenticate(token) : null;
    if (!session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
    directory.keepSession(request, session);
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!(await isAdmin(directory.sessionOf(request)!))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
  });
  app.decorate('callerIsAdmin', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await directory.authenticate(token) : null;
    return session !== null && (await isAdmin(session));
  });

  // Known up front so that no administrators' route can be left out of the access checks.
  const adminRoutes = new Set<string>();
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    const guards = [route.onRequest, route.preHandler].flat();
    if (!guards.includes(app.requireAdmin)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') adminRoutes.add(`${method} ${route.url}`);
  });

  const callerClient: CallerClient<Client> = async (request, named, options = { ownerOnly: false }) => {
    const session = directory.sessionOf(request);
    if (!session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
    const own = await directory.clientOf(session);
    if (!own) throw new AppError('NOT_FOUND', NO_CLIENT_RECORD);
    if (!named || isNamed(own, named)) return own;
    if (options.ownerOnly || !(await directory.rolesOf(own.id)).includes(ROLE_ADMIN)) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
    }
    const client = await directory.findClient(named);
    if (!client) throw new AppError('NOT_FOUND', NO_CLIENT_RECORD);
    return client;
  };
  return { callerClient };
}

function isNamed(client: NamedRecord, ref: ClientRef): boolean {
  if ('id' in ref) return client.id === ref.id;
  // A record not linked to an identity yet has the username '', which names nothing.
  if ('username' in ref) return client.username !== '' && client.username === ref.username;
  return client.email === ref.email;
}
