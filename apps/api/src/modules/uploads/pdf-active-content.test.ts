import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ascii85Encode,
  asciiHexEncode,
  deflateBombPdf,
  javaScriptAction,
  lzwEncode,
  objectStream,
  pdfkitDocument,
  pdfOf,
  plainObject,
  streamObject,
  textContent,
} from './hostile-pdfs';
import { scanPdf } from './pdf-active-content';

/** The parser on its own (the HTTP tests in uploads-pdf-checks.test.ts go through the worker). */
const limits = { maxDecodedBytes: 64_000_000 };
const scan = (bytes: Buffer) => scanPdf(bytes, limits);

describe('pdf active content: a real parse', () => {
  it('accepts a plain document of several pages and streams (pdfkit)', async () => {
    expect(scan(await pdfkitDocument())).toEqual({ ok: true });
    expect(scan(pdfOf(textContent(4), textContent(5, 'page two')))).toEqual({ ok: true });
  });

  it('finds JavaScript in any stream, not just the first', () => {
    const hidden = streamObject(5, '/Filter/FlateDecode', deflateSync(Buffer.from(javaScriptAction)));
    expect(scan(pdfOf(textContent(4), hidden))).toMatchObject({ ok: false, reason: 'active-content' });
  });

  it('finds JavaScript behind every filter and chain', () => {
    const action = Buffer.from(javaScriptAction);
    for (const [filter, data] of [
      ['/ASCIIHexDecode', asciiHexEncode(action)],
      ['/ASCII85Decode', ascii85Encode(action)],
      ['/LZWDecode', lzwEncode(action)],
      ['[/ASCII85Decode/FlateDecode]', ascii85Encode(deflateSync(action))],
      ['[/AHx/LZW]', asciiHexEncode(lzwEncode(action))],
      ['/RunLengthDecode', Buffer.concat([Buffer.from([action.length - 1]), action, Buffer.from([128])])],
    ] as const) {
      const pdf = pdfOf(textContent(4), streamObject(5, `/Filter${filter}`, data));
      expect(scan(pdf), filter).toMatchObject({ ok: false, reason: 'active-content', name: 'JavaScript' });
    }
  });

  it('decodes LZW with codes past 9 bits as it was encoded', () => {
    const long = Buffer.from(Array.from({ length: 3000 }, (_, i) => `${i} `).join('') + javaScriptAction);
    const pdf = pdfOf(textContent(4), streamObject(5, '/Filter/LZWDecode', lzwEncode(long)));
    expect(scan(pdf)).toMatchObject({ ok: false, name: 'JavaScript' });
  });

  it('finds an action inside an object stream, even one not labelled as such', () => {
    const catalog = '<</Type/Catalog/Pages 2 0 R/OpenAction 11 0 R>>';
    expect(scan(pdfOf(textContent(4), objectStream(9, 10, [catalog, javaScriptAction])))).toMatchObject({
      ok: false,
    });
    // An OpenAction that references an action dictionary is refused even when the action's type is harmless.
    const named = objectStream(9, 10, [catalog, '<</S/Named/N/Print>>'], '/Subtype/Image');
    expect(scan(pdfOf(textContent(4), named))).toMatchObject({ ok: false, name: 'OpenAction' });
    // A destination to open at is not an action, nor is a plain go-to (LaTeX's hyperref writes one).
    const destination = objectStream(9, 10, [catalog, '[3 0 R/Fit]']);
    expect(scan(pdfOf(textContent(4), destination))).toEqual({ ok: true });
    const goTo = objectStream(9, 10, [catalog, '<</S/GoTo/D[3 0 R/Fit]>>']);
    expect(scan(pdfOf(textContent(4), goTo))).toEqual({ ok: true });
    expect(scan(pdfOf(plainObject(4, '<</OpenAction<</S/GoTo/D[3 0 R/Fit]>>>>')))).toEqual({ ok: true });
  });

  it('decodes names written with #xx escapes', () => {
    expect(scan(pdfOf(plainObject(4, '<</S/Java#53cript/J#53(x)>>')))).toMatchObject({
      ok: false,
      name: 'JavaScript',
    });
    expect(scan(pdfOf(plainObject(4, '<</A<</S/#55RI/URI(https://example.com)>>>>')))).toMatchObject({
      ok: false,
      name: 'URI',
    });
  });

  it('refuses every kind of active content the issue names', () => {
    for (const body of [
      '<</AA<</O 5 0 R>>>>',
      '<</S/Launch/F(cmd.exe)>>',
      '<</S/SubmitForm/F(https://example.com)>>',
      '<</S/GoToR/F(other.pdf)>>',
      '<</S/GoToE/T<<>>>>',
      '<</S/ImportData/F(data.fdf)>>',
      '<</Names<</EmbeddedFiles 5 0 R>>>>',
      '<</Type/EmbeddedFile>>',
      '<</Subtype/RichMedia>>',
      '<</AcroForm<</XFA 5 0 R>>>>',
      '<</Type/Catalog/OpenAction<</S/Named/N/Print>>>>',
      '<</Type/Catalog/OpenAction<</S/GoTo/D[3 0 R/Fit]/Next<</S/Named/N/Print>>>>>>',
    ]) {
      expect(scan(pdfOf(plainObject(4, body))), body).toMatchObject({ ok: false, reason: 'active-content' });
    }
  });

  it('does not mistake names in strings or in picture data for active content', () => {
    const image = streamObject(
      5,
      '/Subtype/Image/Width 1/Height 1/BitsPerComponent 8',
      Buffer.from('/JS /URI'),
    );
    expect(scan(pdfOf(plainObject(4, '<</Title(/JavaScript /Launch)>>'), image))).toEqual({ ok: true });
    const xmp = streamObject(
      6,
      '/Type/Metadata/Subtype/XML/Filter/FlateDecode',
      deflateSync(Buffer.from('<x:xmpmeta><rdf:li>https://example.com/JS/URI</rdf:li></x:xmpmeta>')),
    );
    expect(scan(pdfOf(textContent(4), xmp))).toEqual({ ok: true });
  });

  it('refuses a stream padded past its /Length (readers would disagree on what follows)', () => {
    const padded = Buffer.concat([
      Buffer.from('BT ET\n'),
      Buffer.from(`6 0 obj\n${javaScriptAction}\nendobj\n`),
    ]);
    expect(scan(pdfOf(streamObject(4, '', padded, 6)))).toMatchObject({ ok: false, reason: 'unreadable' });
    // An indirect length is checked once its object is read.
    const indirect = Buffer.concat([
      Buffer.from('4 0 obj\n<</Length 9 0 R>>\nstream\n'),
      Buffer.from('BT ET\n6 0 obj\n<<>>\nendobj\n'),
      Buffer.from('\nendstream\nendobj\n9 0 obj\n6\nendobj\n'),
    ]);
    expect(scan(pdfOf(indirect))).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('refuses an unknown filter, an encrypted file, and decoding past the per-file budget', () => {
    expect(scan(pdfOf(streamObject(4, '/Filter/Rot13Decode', Buffer.from('abc'))))).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
    expect(
      scan(pdfOf(plainObject(9, '<</Filter/Standard/V 2>>'), Buffer.from('trailer<</Encrypt 9 0 R>>\n'))),
    ).toEqual({
      ok: false,
      reason: 'encrypted',
    });
    // Each stream alone is under the budget; together they are not.
    expect(scanPdf(deflateBombPdf(4, 10_000_000), { maxDecodedBytes: 30_000_000 })).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
    expect(scanPdf(deflateBombPdf(2, 10_000_000), { maxDecodedBytes: 30_000_000 })).toEqual({ ok: true });
  });

  it('leaves picture data alone: an image filter ends the chain', () => {
    const jpegish = streamObject(5, '/Filter[/FlateDecode/DCTDecode]', deflateSync(Buffer.from('/JS')));
    expect(scan(pdfOf(textContent(4), jpegish))).toEqual({ ok: true });
  });
});
