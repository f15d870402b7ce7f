import { type ErrorCode, ErrorResponseSchema } from '@dpp/shared';

/** The one error type services and adapters throw; the error handler maps its code to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /**
     * For identity failures: the user-pool exception name the web app maps to the product's texts
     * (docs/product-rules.md, Texts).
     */
    readonly exception?: string,
    /**
     * For a refusal that ends (a budget, a busy server): when to ask again, sent as Retry-After. A 5xx that
     * carries it is a refusal worded for the user, not a failure, and keeps its message.
     */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOOL_NOT_CONNECTED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  TOO_LARGE: 413,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
};

/**
 * The response schemas of the error statuses a route answers, every one the shared error shape:
 * `response: { 200: Schema, ...errorResponses(400, 401, 404) }`. They document the route in OpenAPI.
 */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as {
    [K in S[number]]: typeof ErrorResponseSchema;
  };
}
