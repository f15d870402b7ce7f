import {
  CrmCheckRequestSchema,
  CrmContactAppsumoRequestSchema,
  CrmContactRequestSchema,
  CrmEventSchema,
  CrmFlagsRequestSchema,
  CrmOkResponseSchema,
  CrmPlanTagRequestSchema,
  CrmPremiumTagRequestSchema,
  CrmTagRequestSchema,
  DigipremiumCheckResponseSchema,
  ToolkitCheckResponseSchema,
} from '@dpp/shared/schemas/members';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { addLifetimeDealContact } from '../../ports/crm.port';
import { type ClientRow, updateClient } from '../clients';
import { assertLifetimeDeal, justifiedTags } from './members.crm-tags';

const errors = errorResponses(400, 401, 403, 404, 502);

/**
 * The client record a CRM call is about: the caller's own (an administrator's: any). The e-mail, when
 * given, must be the record's, so nobody checks or tags an address through someone else's id.
 */
async function recordOf(request: FastifyRequest, databaseId: number, email?: string): Promise<ClientRow> {
  const client = await request.server.callerClient(request, { id: databaseId });
  if (email !== undefined && email !== client.email) {
    throw new AppError('VALIDATION_FAILED', 'The e-mail address does not belong to this account.');
  }
  return client;
}

/** The CRM calls (docs/product-rules.md, Members): contacts, tags and the toolkit and digipremium checks. */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['crm'];
  const ok = { ok: true as const };
  const { crm } = app.adapters;

  app.post(
    '/api/active-campaign/check-toolkit-user',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Asks the CRM whether the caller is a toolkit buyer; stores the answer on the caller's record",
        body: CrmCheckRequestSchema,
        response: { 200: ToolkitCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await recordOf(request, request.body.database_id, request.body.email);
      const isToolkit = await crm.isToolkitUser(client.email);
      if (isToolkit !== client.isToolkitUser) await updateClient(app.db, client.id, { isToolkitUser: isToolkit });
      return { is_toolkit_user: isToolkit };
    },
  );

  app.post(
    '/api/active-campaign/check-digipremium-user',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Asks the CRM whether the caller is a digipremium student; stores it on the caller's record",
        body: CrmCheckRequestSchema,
        response: { 200: DigipremiumCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await recordOf(request, request.body.database_id, request.body.email);
      const isDigipremium = await crm.isDigipremium(client.email);
      const digipremium = isDigipremium ? 1 : 0;
      if (digipremium !== client.digipremium) await updateClient(app.db, client.id, { digipremium });
      return { is_digipremium: isDigipremium };
    },
  );

  app.post(
    '/api/active-campaign/create-contact',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Creates (or updates) the caller as a CRM contact',
        body: CrmContactRequestSchema,
        response: { 200: CrmOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { first_name, last_name, email, database_id } = request.body;
      const client = await recordOf(request, database_id, email);
      await crm.upsertContact({ email: client.email, firstName: first_name, lastName: last_name });
      return ok;
    },
  );

  app.post(
    '/api/active-campaign/create-contact-appsumo',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Creates the lifetime-deal holder as a CRM contact with the lifetime-deal tag',
        body: CrmContactAppsumoRequestSchema,
        response: { 200: CrmOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await recordOf(request, request.body.database_id, request.body.email);
      assertLifetimeDeal(client);
      await addLifetimeDealContact(crm, client);
      return ok;
    },
  );

  app.post(
    '/api/active-campaign/create-tag',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Tags the caller as having uploaded a project plan (after our record of that upload)',
        body: CrmPlanTagRequestSchema,
        response: { 200: CrmOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await recordOf(request, request.body.database_id);
      await crm.addTag(client.email, await justifiedTags.planUploaded(app.db, client, request.body.project_plan_id));
      return ok;
    },
  );

  app.post(
    '/api/active-campaign/create-premium-tag',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Tags the caller as a Premium member (only with a premium purchase on record)',
        body: CrmPremiumTagRequestSchema,
        response: { 200: CrmOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await recordOf(request, request.body.database_id);
      await crm.addTag(client.email, await justifiedTags.premium(app.db, client));
      return ok;
    },
  );

  app.post(
    '/api/active-campaign/tag',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Puts one of the product's tags (premium, lifetime deal, uploaded plan) on the caller's contact, when our records justify it",
        body: CrmTagRequestSchema,
        response: { 200: CrmOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { contactTagRequest, tag } = request.body;
      const client = await recordOf(request, contactTagRequest.database_id);
      // Our own name and description go to the CRM, never the caller's.
      await crm.addTag(
        client.email,
        await justifiedTags.byName(app.db, client, tag, contactTagRequest.project_plan_id),
      );
      return ok;
    },
  );

  // The local CRM's record and lists: for administrators, and only when no real CRM is configured.
  const { records } = crm;
  if (!records) return;

  app.get(
    '/api/active-campaign/events',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Every call the local CRM received, newest first (administrators)',
        querystring: z.object({ email: z.string().max(254).optional() }).strict(),
        response: { 200: z.array(CrmEventSchema), ...errors },
      },
    },
    async (request) => {
      const { email } = request.query;
      const rows = await records.events(email ? email.trim().toLowerCase() : undefined, 200);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        kind: r.kind,
        detail: r.detail,
        created_at: r.createdAt.toISOString(),
      }));
    },
  );

  app.put(
    '/api/active-campaign/flags',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "Sets a contact's toolkit and digipremium lists in the local CRM (administrators)",
        body: CrmFlagsRequestSchema,
        response: {
          200: z.object({ email: z.string(), toolkit: z.boolean(), digipremium: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { email, toolkit, digipremium } = request.body;
      const row = await records.setFlags(email, { toolkit, digipremium });
      return { email: row.email, toolkit: row.toolkit, digipremium: row.digipremium };
    },
  );
};
