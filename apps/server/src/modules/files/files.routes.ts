import {
  ADMIN_MESSAGES,
  UPLOAD_MAX_BYTES,
  UploadLinkRequestSchema,
  UploadLinkResponseSchema,
  UploadReceiptSchema,
} from '@dpp/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import { LOCAL_UPLOAD_PATH } from '../../ports/storage.port';
import { createUploadLink, readImage, receiveLocalUpload } from './files.service';

const errors = errorResponses(400, 401, 403);

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['uploads'];
  const { files, signer } = app.adapters.storage;

  app.post(
    '/api/upload/link',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Where to PUT a product file (jpg, jpeg, png or xlsx); the URL expires after 15 minutes',
        body: UploadLinkRequestSchema,
        response: { 200: UploadLinkResponseSchema, ...errors },
      },
    },
    async (request) =>
      createUploadLink(
        app.db,
        files,
        request.body.fileName,
        request.session!.user.email,
        new Date(),
        request.body.size,
      ),
  );

  if (signer) {
    // Files stored on this server's disk arrive here; the signed URL is the authorisation.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.setErrorHandler((error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.code(413).send({ error: { code: 'VALIDATION_FAILED', message: ADMIN_MESSAGES.FILE_TOO_LARGE } });
        }
        if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message: ADMIN_MESSAGES.FILE_EMPTY } });
        }
        throw error;
      });
      scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().put(
        `${LOCAL_UPLOAD_PATH}/:key`,
        {
          bodyLimit: UPLOAD_MAX_BYTES,
          schema: {
            tags,
            summary: 'Receives a file at the URL POST /api/upload/link signed (local storage only)',
            params: z.object({ key: z.string().max(200) }),
            querystring: z.object({ expires: z.string().max(20), signature: z.string().max(100) }).strict(),
            response: { 200: UploadReceiptSchema, ...errorResponses(400, 401, 403, 409, 413) },
          },
        },
        async (request) =>
          receiveLocalUpload(app.db, files, signer, app.work, {
            key: request.params.key,
            expires: request.query.expires,
            signature: request.query.signature,
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          }),
      );
    });
  }

  // Template cards ask for '<link>.jpeg' under the images path; the built-in pictures are static files
  // (which win over this route), uploaded ones are read from storage.
  app.get(
    '/images/templates/:file',
    {
      schema: {
        tags,
        summary: 'An uploaded template image',
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const baseName = /^([a-z0-9][a-z0-9-]{0,150})\.jpeg$/.exec(request.params.file)?.[1];
      const image = baseName ? await readImage(app.db, files, baseName) : null;
      if (!image) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such image.' } });
      if (app.config.S3_PUBLIC_URL) {
        return reply.redirect(`${app.config.S3_PUBLIC_URL.replace(/\/$/, '')}/uploads/${image.key}`, 302);
      }
      // An uploaded file never changes under its name (each upload gets a new one).
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(image.contentType)
        .send(image.body);
    },
  );
};
