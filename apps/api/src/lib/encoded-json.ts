import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer encoded once and sent many times (lib/versioned-answers.ts): its bytes, and gzipped
 * (made at the first call that accepts gzip, as browsers' do) so a kept long list is neither
 * encoded nor compressed again per call.
 */
export class EncodedJson {
  readonly bytes: Buffer;
  private gzipped: Buffer | undefined;

  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.bytes);
    return this.gzipped;
  }
}

/** Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Sends an encoded answer as it is: gzipped when the client takes it (`Vary: Accept-Encoding`). */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, answer: EncodedJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(answer.gzip());
  return reply.send(answer.bytes);
}
