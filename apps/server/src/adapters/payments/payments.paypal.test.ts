import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckedRequest,
  type ContractRequest,
  type ContractServer,
  contractPath,
  type FixtureAnswer,
  startContractServer,
} from '../../../test/contracts/contract-server';
import { AppError } from '../../errors';
import { type OpenApiContract, openApiContract, readOpenApiFile } from '../../lib/openapi-contract';
import type { OneTimePaymentsPort } from '../../ports/payments.port';
import { paypalOneTimePayments } from './payments.paypal';

/**
 * Every request the PayPal adapter sends goes to a local server that checks it against PayPal's
 * Orders v2 document (contracts/paypal/checkout_orders_v2.json) and answers with fixtures that are
 * themselves checked against the operation's response schema. The token endpoint is not in the
 * document; it is checked by hand (POST, basic auth, grant_type=client_credentials).
 */

const CLIENT_ID = 'paypal-client-id-contract';
const CLIENT_SECRET = 'paypal-client-secret-contract';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

let contract: OpenApiContract;
let server: ContractServer;
let tokensIssued = 0;
/** The token the server currently accepts. */
let currentToken = '';
let tokenLifetimeSeconds = 32_400;
let fixtures: Record<string, (request: CheckedRequest) => FixtureAnswer> = {};
let clock = Date.now();

beforeAll(async () => {
  contract = openApiContract({
    load: readOpenApiFile(contractPath('paypal/checkout_orders_v2.json')),
    refuseUndeclared: true,
  });
  server = await startContractServer({
    contract,
    handChecked: [{ method: 'POST', path: '/v1/oauth2/token', check: checkTokenRequest, answer: issueToken }],
    rules: paypalRules,
    answer: (request) => {
      const fixture = fixtures[request.operationId];
      if (!fixture) throw new Error(`no fixture for ${request.operationId}`);
      return fixture(request);
    },
    refuse: (problems) => ({
      status: 400,
      body: {
        name: 'INVALID_REQUEST',
        message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
        debug_id: 'contract',
        details: problems.map((problem) => ({ issue: 'INVALID_PARAMETER_SYNTAX', description: problem })),
      },
    }),
  });
});

afterAll(async () => {
  await server?.close();
});

function adapter(): OneTimePaymentsPort {
  return paypalOneTimePayments({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiBase: server.url,
    now: () => clock,
    // A limit for a hang, as in the Stripe contract test: checking an operation's first request takes long on a
    // busy machine.
    timeoutMs: 120_000,
  });
}

function checkTokenRequest(request: ContractRequest): string[] {
  const problems: string[] = [];
  if (request.headers.authorization !== BASIC) problems.push('token request without the client id and secret');
  if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
    problems.push('token request is not form-encoded');
  }
  if (request.rawBody !== 'grant_type=client_credentials') problems.push(`token request body '${request.rawBody}'`);
  return problems;
}

function issueToken(): FixtureAnswer {
  tokensIssued += 1;
  currentToken = `A21AA-token-${tokensIssued}`;
  return {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: currentToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: tokenLifetimeSeconds,
      nonce: 'nonce',
    },
  };
}

/** PayPal's rules beyond the document: the current bearer token; an idempotency key on every POST. */
function paypalRules(request: CheckedRequest): string[] {
  const problems: string[] = [];
  if (!String(request.headers.authorization).startsWith('Bearer ')) problems.push('not authenticated with a token');
  if (request.method === 'POST' && !request.headers['paypal-request-id'])
    problems.push('POST without PayPal-Request-Id');
  if (request.method === 'POST' && request.headers['content-type'] !== 'application/json') {
    problems.push('POST body is not JSON');
  }
  return problems;
}

/** A token the server no longer knows: PayPal's 401 (not a contract violation). */
function expired(request: CheckedRequest): FixtureAnswer | null {
  if (request.headers.authorization === `Bearer ${currentToken}`) return null;
  return {
    status: 401,
    body: {
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to missing authorization header, or invalid authentication credentials.',
      debug_id: 'dbg401',
      details: [],
    },
  };
}

function orderFixture(options: {
  id?: string;
  status: string;
  value?: string;
  captured?: boolean;
  referenceId?: string;
  description?: string;
}) {
  const id = options.id ?? '5O190127TN364715T';
  const value = options.value ?? '49.00';
  const unit: Record<string, unknown> = {
    reference_id: options.referenceId ?? 'template-12',
    description: options.description ?? 'Project plan: Website launch',
    amount: { currency_code: 'USD', value },
    payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
  };
  if (options.captured) {
    unit.payments = {
      captures: [
        {
          id: '3C679366HH908993F',
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value },
          final_capture: true,
          create_time: '2026-11-22T05:00:00Z',
          update_time: '2026-11-22T05:00:01Z',
        },
      ],
    };
  }
  return {
    id,
    intent: 'CAPTURE',
    status: options.status,
    purchase_units: [unit],
    create_time: '2026-11-22T05:00:00Z',
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }],
  };
}

function withToken(answer: (request: CheckedRequest) => FixtureAnswer) {
  return (request: CheckedRequest) => expired(request) ?? answer(request);
}

const resetState = () => {
  const violations = [...server.violations];
  server.reset();
  fixtures = {};
  tokensIssued = 0;
  currentToken = '';
  tokenLifetimeSeconds = 32_400;
  clock = Date.now();
  return violations;
};

describe('PayPal requests against the Orders v2 contract', () => {
  afterEach(() => {
    expect(resetState()).toEqual([]);
  });

  it('creates a CAPTURE order with one USD purchase unit, then reads and captures it with one token', async () => {
    const paypal = adapter();
    expect(paypal.kind).toBe('paypal');
    expect(paypal.clientId()).toBe(CLIENT_ID);
    fixtures['orders.create'] = withToken(() => ({ status: 201, body: orderFixture({ status: 'CREATED' }) }));
    fixtures['orders.get'] = withToken(() => ({ status: 200, body: orderFixture({ status: 'APPROVED' }) }));
    fixtures['orders.capture'] = withToken(() => ({
      status: 201,
      body: orderFixture({ status: 'COMPLETED', captured: true }),
    }));

    const created = await paypal.createOrder(
      { description: 'Project plan: Website launch', value: '49.00', referenceId: 'template-12' },
      'order-client-7-template-12',
    );
    expect(created).toEqual({
      id: '5O190127TN364715T',
      status: 'CREATED',
      description: 'Project plan: Website launch',
      currency: 'USD',
      value: '49.00',
      referenceId: 'template-12',
      captureId: null,
    });
    const create = server.requests.find((request) => request.operationId === 'orders.create')!;
    expect(create.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'template-12',
          description: 'Project plan: Website launch',
          amount: { currency_code: 'USD', value: '49.00' },
        },
      ],
    });
    expect(create.headers['paypal-request-id']).toBe('order-client-7-template-12');
    expect(create.headers.prefer).toBe('return=representation');

    await expect(paypal.getOrder('5O190127TN364715T')).resolves.toMatchObject({ status: 'APPROVED' });
    const captured = await paypal.captureOrder('5O190127TN364715T', 'capture-5O190127TN364715T');
    expect(captured).toMatchObject({ status: 'COMPLETED', captureId: '3C679366HH908993F', value: '49.00' });
    const capture = server.requests.find((request) => request.operationId === 'orders.capture')!;
    expect(capture.path).toBe('/v2/checkout/orders/5O190127TN364715T/capture');
    expect(capture.headers['paypal-request-id']).toBe('capture-5O190127TN364715T');

    expect(tokensIssued).toBe(1);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/oauth2/token',
      'POST /v2/checkout/orders',
      'GET /v2/checkout/orders/5O190127TN364715T',
      'POST /v2/checkout/orders/5O190127TN364715T/capture',
    ]);
  });

  it('renews the token shortly before it expires, and shares one renewal between concurrent calls', async () => {
    const paypal = adapter();
    tokenLifetimeSeconds = 3600;
    fixtures['orders.get'] = withToken(() => ({ status: 200, body: orderFixture({ status: 'APPROVED' }) }));
    await Promise.all([paypal.getOrder('A'), paypal.getOrder('B'), paypal.getOrder('C')]);
    expect(tokensIssued).toBe(1);
    clock += (3600 - 61) * 1000;
    await paypal.getOrder('A');
    expect(tokensIssued).toBe(1);
    clock += 2000;
    await paypal.getOrder('A');
    expect(tokensIssued).toBe(2);
  });

  it('fetches a new token once when PayPal no longer accepts the cached one', async () => {
    const paypal = adapter();
    fixtures['orders.get'] = withToken(() => ({ status: 200, body: orderFixture({ status: 'APPROVED' }) }));
    await paypal.getOrder('A');
    currentToken = 'revoked';
    await expect(paypal.getOrder('A')).resolves.toMatchObject({ status: 'APPROVED' });
    expect(tokensIssued).toBe(2);
  });

  it('answers a second capture with the completed order unchanged', async () => {
    const paypal = adapter();
    fixtures['orders.capture'] = withToken(() => ({
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: 'dbg422',
        details: [
          {
            issue: 'ORDER_ALREADY_CAPTURED',
            description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          },
        ],
      },
    }));
    fixtures['orders.get'] = withToken(() => ({
      status: 200,
      body: orderFixture({ status: 'COMPLETED', captured: true }),
    }));
    await expect(paypal.captureOrder('5O190127TN364715T', 'capture-again')).resolves.toMatchObject({
      status: 'COMPLETED',
      captureId: '3C679366HH908993F',
    });
  });

  it('says why PayPal refused a capture, from its error body', async () => {
    const paypal = adapter();
    fixtures['orders.capture'] = withToken(() => ({
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: 'dbg-declined',
        details: [
          {
            issue: 'INSTRUMENT_DECLINED',
            description:
              "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          },
        ],
      },
    }));
    const failure = paypal.captureOrder('5O190127TN364715T', 'capture-declined');
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'PayPal: UNPROCESSABLE_ENTITY: The requested action could not be performed, semantically incorrect, or failed business validation. (INSTRUMENT_DECLINED)',
      details: { issues: ['INSTRUMENT_DECLINED'], debugId: 'dbg-declined', status: 422 },
    });
  });

  it('turns an unknown order into NOT_FOUND', async () => {
    const paypal = adapter();
    fixtures['orders.get'] = withToken(() => ({
      status: 404,
      body: {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: 'dbg404',
        details: [
          {
            issue: 'INVALID_RESOURCE_ID',
            description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          },
        ],
      },
    }));
    await expect(paypal.getOrder('NOPE')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'PayPal: RESOURCE_NOT_FOUND: The specified resource does not exist. (INVALID_RESOURCE_ID)',
    });
  });

  it('refuses an answer that is not the USD order it asked for', async () => {
    const paypal = adapter();
    const order = orderFixture({ status: 'APPROVED' });
    (order.purchase_units[0]!.amount as { currency_code: string }).currency_code = 'EUR';
    fixtures['orders.get'] = withToken(() => ({ status: 200, body: order }));
    await expect(paypal.getOrder('5O190127TN364715T')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'PayPal sent an unexpected answer.',
      details: { unexpected: expect.stringContaining('purchase_units.0.amount.currency_code') },
    });
  });

  it('refuses an amount PayPal would refuse before sending anything', async () => {
    const paypal = adapter();
    for (const value of ['49,00', '-1.00', '0', '1.999', '']) {
      await expect(
        paypal.createOrder({ description: 'Plan', value, referenceId: 'template-1' }, `bad-${value}`),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(server.requests).toEqual([]);
  });
});

describe('PayPal credentials', () => {
  afterEach(() => {
    resetState();
  });

  it('reports refused credentials without repeating the secret', async () => {
    const paypal = paypalOneTimePayments({ clientId: CLIENT_ID, clientSecret: 'wrong-secret', apiBase: server.url });
    const failure = paypal.getOrder('A');
    await expect(failure).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'PayPal refused our credentials.',
    });
    const error = await failure.catch((caught: unknown) => caught);
    expect(JSON.stringify(error)).not.toContain('wrong-secret');
    expect(server.violations.join('\n')).toMatch(/token request without the client id and secret/);
  });
});

describe('the PayPal contract checker itself', () => {
  afterEach(() => {
    resetState();
  });

  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: 'Bearer manual',
        'content-type': 'application/json',
        'paypal-request-id': 'manual-1',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const unit = { reference_id: 'r', description: 'd', amount: { currency_code: 'USD', value: '1.00' } };

  it('refuses an unknown field in a purchase unit', async () => {
    await send('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [{ ...unit, colour: 'blue' }] });
    expect(server.violations.join('\n')).toMatch(/purchase_units\/0\/colour is not a parameter/);
  });

  it('refuses an order without its intent, and an intent the contract does not have', async () => {
    await send('POST', '/v2/checkout/orders', { purchase_units: [unit] });
    await send('POST', '/v2/checkout/orders', { intent: 'SALE', purchase_units: [unit] });
    const violations = server.violations.join('\n');
    expect(violations).toMatch(/must have required property 'intent'/);
    expect(violations).toMatch(/\/requestBody\/intent must be equal to one of the allowed values/);
  });

  it('refuses an amount that is not a decimal string, or a number where a string belongs', async () => {
    await send('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ ...unit, amount: { currency_code: 'USD', value: '1,00' } }],
    });
    await send('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ ...unit, amount: { currency_code: 'USD', value: 1 } }],
    });
    const violations = server.violations.join('\n');
    expect(violations).toMatch(/amount\/value must match pattern/);
    expect(violations).toMatch(/amount\/value must be string/);
  });

  it('refuses an unknown path, a POST without PayPal-Request-Id and a wrong token request', async () => {
    await send('POST', '/v2/checkout/order', { intent: 'CAPTURE', purchase_units: [unit] });
    await send(
      'POST',
      '/v2/checkout/orders',
      { intent: 'CAPTURE', purchase_units: [unit] },
      { 'paypal-request-id': '' },
    );
    await fetch(`${server.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    const violations = server.violations.join('\n');
    expect(violations).toMatch(/POST \/v2\/checkout\/order is not an operation of the contract/);
    expect(violations).toMatch(/POST without PayPal-Request-Id/);
    expect(violations).toMatch(/token request body 'grant_type=password'/);
  });

  it('refuses a fixture that is not an order', async () => {
    fixtures['orders.get'] = () => ({ status: 200, body: { id: 'A', status: 'SHIPPED' } });
    await send('GET', '/v2/checkout/orders/A', undefined);
    expect(server.violations.join('\n')).toMatch(
      /fixture of orders.get: \/status must be equal to one of the allowed values/,
    );
  });
});
