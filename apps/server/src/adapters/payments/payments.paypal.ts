import { z } from 'zod';
import { AppError } from '../../errors';
import { countUpstreamError } from '../../lib/metrics';
import type { OneTimePaymentsPort, OrderStatus, OrderView } from '../../ports/payments.port';

const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

interface PayPalOneTimePaymentsOptions {
  /** The REST app's client id; public, the browser's buttons load with it. */
  clientId: string;
  /** Never leaves the server. */
  clientSecret: string;
  /** PAYPAL_SANDBOX_API by default; https://api-m.paypal.com in production. */
  apiBase?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
  /** Injected in tests to move the clock. */
  now?: () => number;
}

/** A token is renewed this long before PayPal says it expires, so no call goes out with one about to lapse. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

const ORDER_STATUSES: readonly OrderStatus[] = [
  'CREATED',
  'SAVED',
  'APPROVED',
  'VOIDED',
  'COMPLETED',
  'PAYER_ACTION_REQUIRED',
];

/** PayPal's issues that the payer can act on (another card, approving first): answered 402, not 502. */
const PAYER_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'ORDER_NOT_APPROVED',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_REFUSED',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'COMPLIANCE_VIOLATION',
]);

/** The parts of PayPal's order we read; anything else in the answer is ignored. */
const PayPalOrderSchema = z.object({
  id: z.string().min(1),
  status: z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        description: z.string().optional(),
        amount: z.object({ currency_code: z.literal('USD'), value: z.string().min(1) }),
        payments: z
          .object({ captures: z.array(z.object({ id: z.string(), status: z.string().optional() })).optional() })
          .optional(),
      }),
    )
    .min(1),
});

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string; field?: string }>;
  /** The token endpoint answers OAuth-style instead. */
  error?: string;
  error_description?: string;
}

/** One-time purchases through PayPal Orders v2 (intent CAPTURE), called with fetch. */
export function paypalOneTimePayments(options: PayPalOneTimePaymentsOptions): OneTimePaymentsPort {
  const apiBase = (options.apiBase || PAYPAL_SANDBOX_API).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      countUpstreamError('paypal');
      throw new AppError('UPSTREAM_FAILED', 'PayPal could not be reached.', {
        service: 'paypal',
        cause: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function fetchToken(): Promise<string> {
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await send(`${apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = await readJson(response);
    const parsed = TokenSchema.safeParse(body);
    if (!response.ok || !parsed.success) {
      const error = body as PayPalErrorBody;
      countUpstreamError('paypal');
      // Never echo the credentials; PayPal's error names what was wrong (invalid_client, …).
      throw new AppError('UPSTREAM_FAILED', 'PayPal refused our credentials.', {
        service: 'paypal',
        status: response.status,
        error: error.error,
        description: error.error_description,
      });
    }
    const lifetimeMs = Math.max(0, parsed.data.expires_in * 1000 - TOKEN_RENEWAL_MARGIN_MS);
    token = { value: parsed.data.access_token, renewAt: now() + lifetimeMs };
    return parsed.data.access_token;
  }

  /** The cached token while it is fresh; concurrent callers share one renewal. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** Calls the Orders API; a token PayPal no longer accepts is renewed once. */
  async function api(method: 'GET' | 'POST', path: string, init: { body?: unknown; requestId?: string } = {}) {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
      };
      if (method === 'POST') {
        headers['content-type'] = 'application/json';
        // The whole order in the answer, not only its id and links.
        headers.prefer = 'return=representation';
      }
      if (init.requestId) headers['paypal-request-id'] = init.requestId;
      const response = await send(`${apiBase}${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const body = await readJson(response);
      if (!response.ok) {
        const error = toAppError(response.status, body as PayPalErrorBody);
        // A payer's problem (declined, not found, duplicate) is an answer; only PayPal's own failures count.
        if (error.code === 'UPSTREAM_FAILED') countUpstreamError('paypal');
        throw error;
      }
      return body;
    }
  }

  return {
    kind: 'paypal',

    clientId: () => options.clientId,

    async createOrder({ description, value, referenceId }, requestId) {
      checkOrderInput(description, value, referenceId);
      const order = await api('POST', '/v2/checkout/orders', {
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: referenceId, description, amount: { currency_code: 'USD', value } }],
        },
      });
      return toOrderView(order);
    },

    async getOrder(id) {
      return toOrderView(await api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`));
    },

    async captureOrder(id, requestId) {
      try {
        return toOrderView(
          await api('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, { requestId, body: {} }),
        );
      } catch (error) {
        // Captured before (another request id): the order is done, answer it as it stands.
        if (error instanceof AppError && issuesOf(error).includes('ORDER_ALREADY_CAPTURED')) {
          return toOrderView(await api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`));
        }
        throw error;
      }
    },
  };
}

/** What PayPal would refuse anyway, said in plain words before anything is sent. */
function checkOrderInput(description: string, value: string, referenceId: string): void {
  // USD has two decimals; PayPal takes no more.
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
    throw new AppError('VALIDATION_FAILED', `The amount '${value}' is not a positive dollar amount.`);
  }
  if (description.length === 0 || description.length > 127) {
    throw new AppError('VALIDATION_FAILED', 'The order description must be 1 to 127 characters long.');
  }
  if (referenceId.length === 0 || referenceId.length > 256) {
    throw new AppError('VALIDATION_FAILED', 'The order reference must be 1 to 256 characters long.');
  }
}

/** Checks PayPal's answer and maps it to the port's view. */
function toOrderView(answer: unknown): OrderView {
  const parsed = PayPalOrderSchema.safeParse(answer);
  if (!parsed.success) {
    throw unexpected(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const order = parsed.data;
  const unit = order.purchase_units[0]!;
  const captures = unit.payments?.captures ?? [];
  const capture = captures.find((c) => c.status !== 'DECLINED') ?? captures[0];
  return {
    id: order.id,
    status: order.status,
    description: unit.description ?? '',
    currency: 'USD',
    value: unit.amount.value,
    // PayPal names a single purchase unit 'default' when none was given; we always give one.
    referenceId: unit.reference_id ?? 'default',
    captureId: capture?.id ?? null,
  };
}

/** PayPal's error body (name, message, details[].issue) as an AppError the user and the logs can read. */
export function toAppError(status: number, body: PayPalErrorBody): AppError {
  const issues = (body.details ?? []).map((detail) => detail.issue).filter((issue): issue is string => !!issue);
  const name = body.name ?? body.error ?? `HTTP ${status}`;
  const text = body.message ?? body.error_description ?? 'No explanation was given.';
  const message = `PayPal: ${name}: ${text}${issues.length > 0 ? ` (${issues.join(', ')})` : ''}`;
  const details = {
    service: 'paypal',
    status,
    name,
    issues,
    debugId: body.debug_id,
    descriptions: (body.details ?? []).map((detail) => detail.description).filter(Boolean),
  };
  if (status === 404) return new AppError('NOT_FOUND', message, details);
  if (issues.some((issue) => PAYER_ISSUES.has(issue))) return new AppError('PAYMENT_REQUIRED', message, details);
  if (status === 409 || issues.includes('DUPLICATE_INVOICE_ID')) return new AppError('CONFLICT', message, details);
  return new AppError('UPSTREAM_FAILED', message, details);
}

function issuesOf(error: AppError): string[] {
  return ((error.details as { issues?: string[] } | undefined)?.issues ?? []).slice();
}

function unexpected(what: string): AppError {
  countUpstreamError('paypal');
  return new AppError('UPSTREAM_FAILED', 'PayPal sent an unexpected answer.', { service: 'paypal', unexpected: what });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text.slice(0, 200) };
  }
}
