import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * PDFs built by code for the upload checks' tests and bench (issue 44): no binary fixtures. Each
 * is a small file a reader would open; the hostile ones hide what a raw search missed.
 */

/** `N 0 obj <<dict /Length n>> stream ... endstream endobj`, the length right unless given. */
export function streamObject(num: number, dict: string, data: Buffer, length = data.length): Buffer {
  return Buffer.concat([
    Buffer.from(`${num} 0 obj\n<<${dict}/Length ${length}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

export function plainObject(num: number, body: string): Buffer {
  return Buffer.from(`${num} 0 obj\n${body}\nendobj\n`, 'latin1');
}

/** A document around the objects: header, a catalog and page tree, the objects, a trailer. */
export function pdfOf(...objects: Buffer[]): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
    plainObject(1, '<</Type/Catalog/Pages 2 0 R>>'),
    plainObject(2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'),
    plainObject(3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>'),
    ...objects,
    Buffer.from('trailer\n<</Root 1 0 R>>\nstartxref\n0\n%%EOF\n', 'latin1'),
  ]);
}

/** A content stream that draws a line of text (Flate). */
export function textContent(num: number, text = 'Student card'): Buffer {
  return streamObject(
    num,
    '/Filter/FlateDecode',
    deflateSync(Buffer.from(`BT /F1 12 Tf 72 712 Td (${text}) Tj ET`)),
  );
}

/** An action that runs JavaScript, as it would sit in a dictionary. */
export const javaScriptAction = '<</Type/Action/S/JavaScript/JS(app.alert\\(1\\))>>';

/**
 * The hostile PDF: many small streams that each inflate to `inflatedBytes` of zeros
 * (the same compressed bytes repeated), a deflate bomb per stream.
 */
export function deflateBombPdf(streams = 40, inflatedBytes = 20_000_000): Buffer {
  const bomb = deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  const objects = [textContent(4)];
  for (let i = 0; i < streams; i++) objects.push(streamObject(5 + i, '/Filter/FlateDecode', bomb));
  return pdfOf(...objects);
}

/** An object stream (`/Type/ObjStm`) holding these objects, numbered from `firstNumber`. */
export function objectStream(num: number, firstNumber: number, bodies: string[], extraDict = ''): Buffer {
  let offset = 0;
  const header: string[] = [];
  for (const [index, body] of bodies.entries()) {
    header.push(`${firstNumber + index} ${offset}`);
    offset += body.length + 1;
  }
  const head = `${header.join(' ')}\n`;
  const content = Buffer.from(head + bodies.map((body) => `${body}\n`).join(''), 'latin1');
  return streamObject(
    num,
    `/Type/ObjStm/N ${bodies.length}/First ${head.length}/Filter/FlateDecode${extraDict}`,
    deflateSync(content),
  );
}

export function asciiHexEncode(data: Buffer): Buffer {
  return Buffer.from(`${data.toString('hex')}>`, 'latin1');
}

export function ascii85Encode(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = data.subarray(i, i + 4);
    const padded = Buffer.concat([chunk, Buffer.alloc(4 - chunk.length)]);
    let value = padded.readUInt32BE(0);
    if (value === 0 && chunk.length === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, chunk.length + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** LZW as PDF writes it (9 to 12 bit codes, most significant bit first, EarlyChange 1). */
export function lzwEncode(data: Buffer): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  const emit = (code: number, width: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  };
  const widthFor = (size: number) => (size >= 2048 ? 12 : size >= 1024 ? 11 : size >= 512 ? 10 : 9);
  const table = new Map<string, number>();
  for (let i = 0; i < 256; i++) table.set(String.fromCharCode(i), i);
  let next = 258;
  emit(256, 9);
  let word = '';
  for (const byte of data) {
    const char = String.fromCharCode(byte);
    if (table.has(word + char)) {
      word += char;
      continue;
    }
    emit(table.get(word) as number, widthFor(next));
    if (next < 4096) table.set(word + char, next++);
    word = char;
  }
  if (word) emit(table.get(word) as number, widthFor(next));
  emit(257, widthFor(next + 1));
  if (bits > 0) bytes.push((buffer << (8 - bits)) & 255);
  return Buffer.from(bytes);
}

/** A plain document of two pages and several streams, as a real PDF writer makes it (pdfkit). */
export async function pdfkitDocument(): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(14).text('Student card: Alex Morgan, Leeds University, valid until July 2027 (€ 0.00).');
  doc.rect(50, 200, 200, 100).fill('#2a6');
  doc.addPage().text('Second page: another content stream.');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
