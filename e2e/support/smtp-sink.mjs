// A real SMTP server for the browser journeys, run by Playwright as a `webServer` entry.
// The app sends to it over SMTP (no auth, no TLS); each message is parsed with mailparser and
// written as one JSON file into E2E_MAIL_DIR, where `waitForEmail` (support/mail.ts) finds it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const mailDir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT ?? 4525);
if (!mailDir) {
  console.error('smtp-sink: set E2E_MAIL_DIR');
  process.exit(1);
}
mkdirSync(mailDir, { recursive: true });

let count = 0;

/** Every http(s) link in the message: hrefs of the HTML part, then URLs in the text part. */
function linksOf(html, text) {
  const links = [];
  for (const match of (html || '').matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    links.push(match[1].replaceAll('&amp;', '&'));
  }
  for (const match of (text || '').matchAll(/https?:\/\/[^\s<>"')\]]+/gi)) links.push(match[0]);
  return [...new Set(links.filter((link) => /^https?:\/\//i.test(link)))];
}

function addresses(field) {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((value) => value.address?.toLowerCase() ?? ''));
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  banner: 'leisure e2e smtp sink',
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const html = typeof parsed.html === 'string' ? parsed.html : '';
        const message = {
          receivedAt: new Date().toISOString(),
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          },
          from: parsed.from?.text ?? '',
          to: addresses(parsed.to),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html,
          links: linksOf(html, parsed.text),
          // Text attachments (e.g. the booking's .ics) kept as text; others only by name and type.
          attachments: (parsed.attachments ?? []).map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType ?? '',
            size: attachment.size ?? attachment.content.length,
            text: /^text\//i.test(attachment.contentType ?? '') ? attachment.content.toString('utf8') : null,
          })),
        };
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}`;
        const temporary = path.join(mailDir, `${name}.tmp`);
        // Written then renamed, so a reader never sees half a file.
        writeFileSync(temporary, JSON.stringify(message, null, 2));
        renameSync(temporary, path.join(mailDir, `${name}.json`));
        callback();
      })
      .catch((error) => callback(error));
  },
});

server.on('error', (error) => console.error('smtp-sink:', error.message));
server.listen(port, '127.0.0.1', () => {
  console.log(`smtp-sink: listening on 127.0.0.1:${port}, writing to ${mailDir}`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
