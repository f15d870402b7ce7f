import { COURSE_CATEGORIES, MEMBER_CATEGORIES } from '@dpp/shared/rules/membership';
import {
  IdParamSchema,
  MemberCatalogueSchema,
  MemberLinkSchema,
  MemberProductSchema,
} from '@dpp/shared/schemas/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors';
import { requireCourseStudent, requireMember } from './members.access';
import { catalogueOf, linkOf, productOf } from './members.service';

const errors = errorResponses(400, 401, 403, 404);

/** Member and course content: videos and template links, each behind its rule on the server. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember(app);
  const student = requireCourseStudent(app);

  app.get(
    '/api/members/catalogue',
    {
      preHandler: member,
      schema: {
        tags: ['members'],
        summary: 'The members area sidebar: active products of the member categories, with their links',
        response: { 200: MemberCatalogueSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return catalogueOf(app.db, MEMBER_CATEGORIES);
    },
  );

  app.get(
    '/api/members/products/:id',
    {
      preHandler: member,
      schema: {
        tags: ['members'],
        summary: 'One member product (overview page, also on reload)',
        params: IdParamSchema,
        response: { 200: MemberProductSchema, ...errors },
      },
    },
    async (request) => productOf(app.db, MEMBER_CATEGORIES, request.params.id),
  );

  app.get(
    '/api/members/template-links/:id',
    {
      preHandler: member,
      schema: {
        tags: ['members'],
        summary: 'One template link of a member product',
        params: IdParamSchema,
        response: { 200: MemberLinkSchema, ...errors },
      },
    },
    async (request) => linkOf(app.db, MEMBER_CATEGORIES, request.params.id),
  );

  app.get(
    '/api/course/catalogue',
    {
      preHandler: student,
      schema: {
        tags: ['members'],
        summary: 'The course area accordion: active products of the categories at indexes 3 to 12',
        response: { 200: MemberCatalogueSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return catalogueOf(app.db, COURSE_CATEGORIES);
    },
  );

  app.get(
    '/api/course/products/:id',
    {
      preHandler: student,
      schema: {
        tags: ['members'],
        summary: 'One course product (overview page, also on reload)',
        params: IdParamSchema,
        response: { 200: MemberProductSchema, ...errors },
      },
    },
    async (request) => productOf(app.db, COURSE_CATEGORIES, request.params.id),
  );
};
