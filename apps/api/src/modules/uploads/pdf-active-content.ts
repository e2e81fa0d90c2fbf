import { inflateSync } from 'node:zlib';

/**
 * Whether a PDF carries active content: JavaScript, embedded files, launch actions, rich media or
 * XFA forms (issue 12). Members upload proofs for staff to open; such a document has no reason to
 * run anything. The names are looked for in the file and in its Flate-compressed streams (object
 * streams can hide dictionaries), with `#xx` escapes in names decoded (`/Java#53cript`).
 */
const activeNames = ['JavaScript', 'JS', 'EmbeddedFile', 'EmbeddedFiles', 'Launch', 'RichMedia', 'XFA'];
const namePattern = new RegExp(`/(?:${activeNames.join('|')})(?![A-Za-z0-9])`);

export function pdfHasActiveContent(bytes: Buffer): boolean {
  for (const text of readableParts(bytes)) {
    if (namePattern.test(decodeNameEscapes(text))) return true;
  }
  return false;
}

function* readableParts(bytes: Buffer): Generator<string> {
  const whole = bytes.toString('latin1');
  yield whole;
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null = streams.exec(whole);
  // At most a few thousand streams are inflated: enough for any real proof of eligibility.
  for (let count = 0; match !== null && count < 5000; count++) {
    const start = match.index + match[0].length;
    const end = whole.indexOf('endstream', start);
    if (end < 0) break;
    try {
      yield inflateSync(bytes.subarray(start, end), { maxOutputLength: 50_000_000 }).toString('latin1');
    } catch {
      // Not Flate-compressed (an image, say): its raw bytes were already searched.
    }
    streams.lastIndex = end;
    match = streams.exec(whole);
  }
}

function decodeNameEscapes(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}
