import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../../ports/mail.tables';

const LINK = /https?:\/\/[^\s"'<>]+/g;
const MAILBOX_SIZE = 100;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const MailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
  reply_to: z.string().nullable(),
});

/**
 * The local mailbox: what the product would have e-mailed, with its links. Registered only while the
 * local mail adapter is active, so it never exists next to a real mail server.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = async (to?: string) => {
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(MAILBOX_SIZE);
    return rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      links: [...new Set(m.text.match(LINK) ?? [])],
      created_at: m.createdAt.toISOString(),
      reply_to: m.replyTo,
    }));
  };

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Mail kept by the local mail adapter (sandbox only)',
        querystring: z.object({ to: z.string().max(254).optional() }).strict(),
        response: { 200: z.array(MailboxMessageSchema) },
      },
    },
    (request) => messages(request.query.to),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const items = (await messages())
      .map(
        (m) => `<li><p><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to)}
<small>${escapeHtml(m.created_at)}</small></p><pre>${escapeHtml(m.text)}</pre>
${m.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>')}</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox | Digital Project Planner sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:32px auto;padding:0 16px;color:#0f172a}
li{border:1px solid #e2e8f0;border-radius:12px;padding:12px 16px;margin:12px 0;list-style:none}pre{white-space:pre-wrap}
a{color:#4338ca;word-break:break-all}</style></head><body><main><h1>Sandbox mailbox</h1>
<p>Mail the app would have sent, newest first. Nothing here left this machine.</p><ul>${items || '<li>No mail yet.</li>'}</ul></main></body></html>`);
  });
};
