import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { findOutboundEmail, listOutboundEmails } from './mail.service';
import { escapeHtml } from './templates';

/**
 * The dev mailbox: every email the product sent, readable in the browser at /dev/mailbox when no
 * SMTP server is configured (a fresh clone). Never registered in production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const emails = await listOutboundEmails(db, 100);
    const rows = emails
      .map(
        (email) =>
          `<tr><td>${email.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(email.toAddress)}</td>` +
          `<td><a href="/dev/mailbox/${email.id}">${escapeHtml(email.subject)}</a></td><td>${escapeHtml(email.status)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body>` +
          `<main><h1>Dev mailbox</h1><p>The latest emails the product sent (newest first).</p>` +
          `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>` +
          `<tbody>${rows || '<tr><td colspan="4">No emails yet.</td></tr>'}</tbody></table></main></body></html>`,
      );
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const email = await findOutboundEmail(db, request.params.id);
      if (!email) return reply.code(404).type('text/plain').send('No such email.');
      // A mail client shows `cid:` images from the message's own parts; the browser needs a URL.
      const html = email.html.replace(
        /src="cid:([^"]+)"/g,
        (_match, cid: string) => `src="/dev/mailbox/${email.id}/inline/${encodeURIComponent(cid)}"`,
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.get(
    '/dev/mailbox/:id/inline/:cid',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive(), cid: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const email = await findOutboundEmail(db, request.params.id);
      const part = email?.attachments.find((attachment) => attachment.cid === request.params.cid);
      if (!part) return reply.code(404).type('text/plain').send('No such part.');
      return reply
        .type(part.contentType)
        .header('cache-control', 'no-store')
        .send(Buffer.from(part.content, part.encoding === 'base64' ? 'base64' : 'utf8'));
    },
  );
};
