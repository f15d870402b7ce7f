import type { ErrorCode } from '@dpp/shared/constants';
import type { ErrorResponse } from '@dpp/shared/schemas/errors';

/** A failed call, carrying the server's error code and its user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';

/** The one place the web app talks to the API: JSON in, JSON out, errors as ApiError. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as Partial<ErrorResponse> | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'Please try again',
      error?.details,
    );
  }
  return body as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {});
