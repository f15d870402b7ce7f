import type { ErrorCode } from '@dpp/shared/constants';
import { AUTH_MESSAGES } from '@dpp/shared/messages';
import type { ErrorResponse } from '@dpp/shared/schemas/errors';

/** A failed call, carrying the server's error code, its user-facing message and, for identity calls, the exception. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly details?: unknown,
    /** The identity outcome (UsernameExistsException, NotAuthorizedException, ...) when the call had one. */
    readonly exception?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';

interface ApiSessionHooks {
  /** The signed-in user's bearer token, or null for a visitor. */
  getToken: () => string | null;
  /** Called when the server says the token that was sent no longer opens a session. */
  onSessionLost: () => void;
}

// The session lives in app/; it plugs itself in here so this file stays free of app code.
let sessionHooks: ApiSessionHooks = { getToken: () => null, onSessionLost: () => {} };

export function configureApiSession(hooks: ApiSessionHooks): void {
  sessionHooks = hooks;
}

const UNREADABLE = Symbol('unreadable body');

/** What every request sends: what it accepts, its body's type when it has one, and the session's token. */
function requestHeaders(accept: string, init: RequestInit, token: string | null | undefined): Record<string, string> {
  return {
    accept,
    ...(init.body ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** The one place the web app talks to the API: JSON in, JSON out, errors as ApiError. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = sessionHooks.getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...requestHeaders('application/json', init, token), ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => UNREADABLE);
  // A success whose body never arrived (the page moved on mid-read) is a failed request, not an empty answer:
  // taking it as one once stored an empty identity and signed the user out at the next page.
  if (response.ok && body === UNREADABLE) throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  if (!response.ok) {
    const error = body === UNREADABLE ? undefined : (body as Partial<ErrorResponse> | undefined)?.error;
    if (token && response.status === 401 && error?.code === 'UNAUTHENTICATED') sessionHooks.onSessionLost();
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'Please try again',
      error?.details,
      error?.exception,
    );
  }
  return body as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {});

export const apiPost = <T>(path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', body: JSON.stringify(body) });

/** A GET whose answer is a file, sent with the session's token (a download only its owner may make). */
export async function apiGetFile(path: string, headers: Record<string, string> = {}): Promise<Blob> {
  const token = sessionHooks.getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined)?.error;
    if (token && response.status === 401 && error?.code === 'UNAUTHENTICATED') sessionHooks.onSessionLost();
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? 'Please try again');
  }
  return response.blob().catch(() => {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  });
}

/**
 * The identity outcome of a failed call: its exception name, with any 429 counted as the lockout
 * (a rate limit in front of the identity routes answers without an exception).
 */
export function identityException(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.exception) return error.exception;
  return error.status === 429 ? 'LimitExceededException' : undefined;
}

/**
 * The text of a refusal for too many failed attempts: the server's, which says how long to wait (ADR 0025),
 * or the hour of docs/product-rules.md, Accounts, for a rate limit that answers without one.
 */
export function throttledText(error: unknown): string {
  const text = error instanceof ApiError && error.exception === 'LimitExceededException' ? error.message : '';
  return text.startsWith('Temporarily blocked') ? text : AUTH_MESSAGES.LOCKED_OUT;
}

/** A POST whose answer is read as a stream (server-sent events); a refusal throws ApiError like apiRequest. */
export const apiPostStream = (path: string, body: unknown, signal?: AbortSignal): Promise<Response> =>
  openStream(path, { method: 'POST', body: JSON.stringify(body) }, signal);

/** A GET read as a stream of server-sent events (EventSource cannot send the bearer token). */
export const apiGetStream = (path: string, signal?: AbortSignal): Promise<Response> => openStream(path, {}, signal);

async function openStream(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const token = sessionHooks.getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: requestHeaders('text/event-stream', init, token),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined)?.error;
    if (token && response.status === 401 && error?.code === 'UNAUTHENTICATED') sessionHooks.onSessionLost();
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'Please try again',
      error?.details,
    );
  }
  return response;
}
