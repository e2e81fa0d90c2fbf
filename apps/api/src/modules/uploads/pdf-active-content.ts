import { constants, inflateSync } from 'node:zlib';
import { ascii85Decode, asciiHexDecode, lzwDecode, runLengthDecode, unpredict } from './pdf-filters';
import {
  Ch,
  type Dict,
  endstreamBytes,
  indexOfBytes,
  integerPattern,
  isWhite,
  Lexer,
  numberPattern,
  type PdfValue,
  type PdfVerdict,
  Refusal,
  type Token,
  unreadable,
} from './pdf-syntax';

/**
 * Whether a PDF carries active content (issue 12, issue 44): JavaScript, actions that run on opening
 * or on events, launch, links and form submission, embedded files, rich media, XFA forms. Members
 * upload proofs for staff to open; such a document has no reason to do anything but show pages.
 *
 * A real parse, not a search of the raw bytes (which missed every stream after the first, and
 * false-matched names inside binary image data): the file is tokenised as PDF object syntax
 * (strings and comments skipped, names with `#xx` escapes decoded), every stream is cut at the
 * bounds its `/Length` gives (a stream whose `/Length` disagrees with its `endstream` is refused: a
 * reader that trusts the length would read other objects than a reader that repairs), decoded
 * through its whole filter chain (Flate with PNG/TIFF predictors, ASCIIHex, ASCII85, LZW,
 * RunLength; an unknown filter or an encrypted file cannot be checked) and its content tokenised
 * the same way; object streams (any stream with `/First`, whatever its `/Type` says, since readers
 * do not check it) have each of their objects parsed. Only streams whose data readers never parse
 * as syntax are left undecoded: images (and image-only filters in a chain), fonts, colour profiles,
 * cross-reference streams.
 *
 * Everything decoded counts against one budget per FILE (`maxDecodedBytes`): a deflate bomb costs
 * at most the budget, then the file is refused as uncheckable. This runs in a worker thread
 * (file-check.worker.ts) with a memory cap and a deadline; never call it on the request's thread.
 */

export type { PdfVerdict } from './pdf-syntax';

export interface PdfScanLimits {
  /** Bytes every decoding step of the file may produce in total. */
  maxDecodedBytes: number;
}

/** Names that make a document do something: refused wherever they appear as a name. */
const activeNames = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'URI',
  'SubmitForm',
  'GoToR',
  'GoToE',
  'ImportData',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'RichMediaContent',
  'RichMediaExecute',
  'RichMediaSettings',
  'XFA',
]);

/** Filters whose output is picture data only: nothing after them is ever parsed as syntax. */
const imageFilters = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode']);

const maxDepth = 100;
const keptArrayItems = 64;

export function scanPdf(bytes: Uint8Array, limits: PdfScanLimits): PdfVerdict {
  try {
    new PdfScanner(bytes, limits).run();
    return { ok: true };
  } catch (error) {
    if (error instanceof Refusal) return error.verdict;
    if (error instanceof RangeError) {
      // A nesting or allocation limit of the engine: fail closed.
      return { ok: false, reason: 'unreadable', detail: error.message };
    }
    throw error;
  }
}

// ---- Scanner -----------------------------------------------------------------------------------

/** What an object is, as far as an `/OpenAction` pointing at it matters: a go-to is a destination. */
type ObjectKind = 'go-to' | 'dict' | 'array' | 'other';

interface PendingLength {
  ref: number;
  dataStart: number;
  /** Where the data ended by the stream's own `endstream`. */
  endstreamAt: number;
}

class PdfScanner {
  private decodedBudget: number;
  /** What each object is (a dictionary, an array), and the value of integer objects: for references. */
  private readonly objectKinds = new Map<number, ObjectKind>();
  private readonly integerObjects = new Map<number, number>();
  private readonly openActionRefs: number[] = [];
  private readonly pendingLengths: PendingLength[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    limits: PdfScanLimits,
  ) {
    this.decodedBudget = limits.maxDecodedBytes;
  }

  run(): void {
    this.scanFile(0, this.bytes.length);
    for (const pending of this.pendingLengths) {
      const length = this.integerObjects.get(pending.ref);
      // An unresolvable length is repaired by readers from `endstream`, as we did.
      if (length !== undefined && !this.lengthFits(pending.dataStart, length, pending.endstreamAt)) {
        unreadable('a stream length disagrees with its end');
      }
    }
    for (const ref of this.openActionRefs) {
      if (this.objectKinds.get(ref) === 'dict') this.refuse('OpenAction');
    }
  }

  private refuse(name: string): never {
    throw new Refusal({ ok: false, reason: 'active-content', name });
  }

  private spend(bytes: number): void {
    this.decodedBudget -= bytes;
    if (this.decodedBudget < 0) {
      throw new Refusal({ ok: false, reason: 'too-large', detail: 'decoded content over the budget' });
    }
  }

  /** The file's own syntax: objects, streams, xref tables and trailers, whatever order they come in. */
  private scanFile(start: number, end: number): void {
    const lexer = new Lexer(this.bytes, start, end);
    // The last two integers and the object being read, for `N G obj` and its value.
    let previous: PdfValue | null = null;
    let beforePrevious: PdfValue | null = null;
    let currentObject: number | null = null;
    let currentValue: PdfValue | null = null;
    for (let token = lexer.next(); token; token = lexer.next()) {
      const value = this.parseValue(lexer, token, 0);
      if (value.t === 'kw' && value.v === 'obj') {
        currentObject =
          beforePrevious?.t === 'num' && previous?.t === 'num' && Number.isInteger(beforePrevious.v)
            ? beforePrevious.v
            : null;
        currentValue = null;
      } else if (value.t === 'kw' && value.v === 'stream') {
        if (currentValue?.t !== 'dict') unreadable('a stream without a dictionary');
        this.scanStream(lexer, currentValue);
        currentValue = null;
      } else if (value.t === 'kw' && value.v === 'endobj') {
        currentObject = null;
      } else if (currentObject !== null && currentValue === null) {
        currentValue = value;
        this.recordObject(currentObject, value);
      } else if (value.t === 'dict') {
        // A dictionary outside an object (a trailer): a stream may still follow in a broken file.
        currentValue = value;
      }
      beforePrevious = previous;
      previous = value;
    }
  }

  private recordObject(num: number, value: PdfValue): void {
    const kind =
      value.t === 'dict' ? (isPlainGoTo(value) ? 'go-to' : 'dict') : value.t === 'array' ? 'array' : 'other';
    this.objectKinds.set(num, kind);
    if (value.t === 'num' && Number.isInteger(value.v) && value.v >= 0) this.integerObjects.set(num, value.v);
  }

  /**
   * One value from `token` on; dictionaries and arrays recursively, `N G R` as a reference. Every
   * name is checked against the active names as it is read, wherever it sits.
   */
  private parseValue(lexer: Lexer, token: Token, depth: number): PdfValue {
    if (depth > maxDepth) unreadable('objects nested too deep');
    switch (token.k) {
      case 'name':
        if (activeNames.has(token.v)) this.refuse(token.v);
        return { t: 'name', v: token.v };
      case 'str':
      case 'brace':
        return { t: 'str' };
      case 'close-dict':
      case 'close-array':
        return { t: 'kw', v: token.k };
      case 'open-array': {
        // Only the first items are kept (filter chains are short): a huge array costs no memory.
        const items: PdfValue[] = [];
        let truncated = false;
        for (let next = lexer.next(); next && next.k !== 'close-array'; next = lexer.next()) {
          if (next.k === 'close-dict') break;
          const item = this.parseValue(lexer, next, depth + 1);
          if (items.length < keptArrayItems) {
            items.push(item);
            this.foldReference(items);
          } else truncated = true;
        }
        return { t: 'array', items, truncated };
      }
      case 'open-dict': {
        const entries = new Map<string, PdfValue>();
        const items: PdfValue[] = [];
        for (let next = lexer.next(); next && next.k !== 'close-dict'; next = lexer.next()) {
          if (next.k === 'close-array') break;
          items.push(this.parseValue(lexer, next, depth + 1));
          this.foldReference(items);
        }
        for (let i = 0; i + 1 < items.length; i += 2) {
          const key = items[i] as PdfValue;
          const value = items[i + 1] as PdfValue;
          if (key.t !== 'name') continue;
          entries.set(key.v, value);
          if (key.v === 'Encrypt') throw new Refusal({ ok: false, reason: 'encrypted' });
          // A destination to open at (or a plain go-to, which is one) is fine; any other action is not.
          if (key.v === 'OpenAction') {
            if (value.t === 'dict' && !isPlainGoTo(value)) this.refuse('OpenAction');
            if (value.t === 'ref') this.openActionRefs.push(value.num);
          }
        }
        return { t: 'dict', entries };
      }
      case 'word': {
        if (numberPattern.test(token.v)) return { t: 'num', v: Number(token.v) };
        return { t: 'kw', v: token.v };
      }
    }
  }

  /** `N G R` read as three values becomes one reference. */
  private foldReference(items: PdfValue[]): void {
    const last = items[items.length - 1];
    if (last?.t !== 'kw' || last.v !== 'R' || items.length < 3) return;
    const gen = items[items.length - 2];
    const num = items[items.length - 3];
    if (num?.t === 'num' && gen?.t === 'num' && Number.isInteger(num.v)) {
      items.splice(items.length - 3, 3, { t: 'ref', num: num.v });
    }
  }

  private lengthFits(dataStart: number, length: number, endstreamAt: number): boolean {
    const dataEnd = dataStart + length;
    if (dataEnd > endstreamAt) {
      // The data itself contains the word `endstream`: fine if the length ends at another one.
      let at = dataEnd;
      while (at < this.bytes.length && isWhite(this.bytes[at] as number)) at++;
      return indexOfBytes(this.bytes, endstreamBytes, at, at + endstreamBytes.length) === at;
    }
    for (let at = dataEnd; at < endstreamAt; at++) if (!isWhite(this.bytes[at] as number)) return false;
    return true;
  }

  /** A stream of the file, its dictionary just read; the lexer continues after its `endstream`. */
  private scanStream(lexer: Lexer, dict: Dict): void {
    const { bytes } = this;
    let dataStart = lexer.pos;
    if (bytes[dataStart] === Ch.Cr) dataStart++;
    if (bytes[dataStart] === Ch.Lf) dataStart++;
    const endstreamAt = indexOfBytes(bytes, endstreamBytes, dataStart, lexer.end);
    if (endstreamAt < 0) unreadable('a stream without its end');
    const length = dict.entries.get('Length');
    let dataEnd: number;
    let resumeAt = endstreamAt + endstreamBytes.length;
    if (length?.t === 'num') {
      if (!Number.isInteger(length.v) || length.v < 0 || !this.lengthFits(dataStart, length.v, endstreamAt)) {
        unreadable('a stream length disagrees with its end');
      }
      dataEnd = dataStart + length.v;
      if (dataEnd > endstreamAt) {
        resumeAt = indexOfBytes(bytes, endstreamBytes, dataEnd, lexer.end) + endstreamBytes.length;
      }
    } else {
      if (length?.t === 'ref') this.pendingLengths.push({ ref: length.num, dataStart, endstreamAt });
      else unreadable('a stream without a length');
      dataEnd = endstreamAt;
      // The end-of-line before `endstream` is not data.
      if (bytes[dataEnd - 1] === Ch.Lf) dataEnd--;
      if (bytes[dataEnd - 1] === Ch.Cr) dataEnd--;
    }
    lexer.pos = resumeAt;
    this.scanStreamData(dict, bytes.subarray(dataStart, Math.max(dataStart, dataEnd)));
  }

  private scanStreamData(dict: Dict, raw: Uint8Array): void {
    const isObjectStream = dict.entries.has('First');
    if (!isObjectStream && neverParsed(dict)) return;
    const decoded = this.decode(dict, raw);
    if (decoded === null) return;
    if (isObjectStream) this.scanObjectStream(dict, decoded);
    else this.scanDecoded(decoded, 0, decoded.length);
  }

  /** Decoded content: the same syntax, with no streams of its own (inline images skipped). */
  private scanDecoded(data: Uint8Array, start: number, end: number): void {
    const lexer = new Lexer(data, start, end);
    for (let token = lexer.next(); token; token = lexer.next()) {
      if (token.k === 'word' && token.v === 'ID') {
        skipInlineImage(lexer);
        continue;
      }
      this.parseValue(lexer, token, 0);
    }
  }

  /** `N` pairs of object number and offset, then the objects from `/First`: each one is parsed. */
  private scanObjectStream(dict: Dict, data: Uint8Array): void {
    this.scanDecoded(data, 0, data.length);
    const first = dict.entries.get('First');
    const count = dict.entries.get('N');
    if (first?.t !== 'num' || count?.t !== 'num' || first.v < 0 || first.v > data.length) {
      unreadable('an object stream without its header');
    }
    const header = new Lexer(data, 0, first.v);
    for (let i = 0; i < count.v; i++) {
      const num = header.next();
      const offset = header.next();
      if (num?.k !== 'word' || offset?.k !== 'word') break;
      if (!integerPattern.test(num.v) || !integerPattern.test(offset.v)) {
        unreadable('an object stream header that is not numbers');
      }
      const at = first.v + Number(offset.v);
      if (at >= data.length) continue;
      const lexer = new Lexer(data, at, data.length);
      const token = lexer.next();
      if (token) this.recordObject(Number(num.v), this.parseValue(lexer, token, 0));
    }
  }

  /** The data through the filter chain, or null when it ends in picture data. */
  private decode(dict: Dict, raw: Uint8Array): Uint8Array | null {
    const filter = dict.entries.get('Filter');
    const parms = dict.entries.get('DecodeParms') ?? dict.entries.get('DP');
    if (filter?.t === 'array' && filter.truncated) unreadable('too many filters');
    const filters = filter === undefined ? [] : filter.t === 'array' ? filter.items : [filter];
    const parmsList = parms?.t === 'array' ? parms.items : [parms];
    let data: Uint8Array | null = raw;
    for (const [index, entry] of filters.entries()) {
      if (data === null) break;
      if (entry.t !== 'name') unreadable('a filter that is not a name');
      const params = parmsList[index];
      data = this.applyFilter(entry.v, data, params?.t === 'dict' ? params : null);
    }
    return data;
  }

  private applyFilter(name: string, data: Uint8Array, params: Dict | null): Uint8Array | null {
    if (imageFilters.has(name)) return null;
    let output: Uint8Array;
    switch (name) {
      case 'FlateDecode':
      case 'Fl':
        output = unpredict(this.inflate(data), params);
        break;
      case 'LZWDecode':
      case 'LZW': {
        const early = params?.entries.get('EarlyChange');
        output = unpredict(lzwDecode(data, early?.t === 'num' ? early.v : 1, this.decodedBudget), params);
        break;
      }
      case 'ASCIIHexDecode':
      case 'AHx':
        output = asciiHexDecode(data);
        break;
      case 'ASCII85Decode':
      case 'A85':
        output = ascii85Decode(data);
        break;
      case 'RunLengthDecode':
      case 'RL':
        output = runLengthDecode(data, this.decodedBudget);
        break;
      case 'Crypt':
        throw new Refusal({ ok: false, reason: 'encrypted' });
      default:
        unreadable(`an unknown filter (${name.slice(0, 40)})`);
    }
    this.spend(output.length);
    return output;
  }

  private inflate(data: Uint8Array): Uint8Array {
    try {
      // A truncated stream gives what it has (readers show it too); more than the budget is refused.
      return inflateSync(data, {
        maxOutputLength: Math.max(1, this.decodedBudget + 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new Refusal({ ok: false, reason: 'too-large', detail: 'decoded content over the budget' });
      }
      unreadable('a Flate stream that does not inflate');
    }
  }
}

/** `<</S/GoTo/D ...>>` with no further action chained (`/Next`): it only opens at a page. */
function isPlainGoTo(dict: Dict): boolean {
  const type = dict.entries.get('S');
  return type?.t === 'name' && type.v === 'GoTo' && !dict.entries.has('Next');
}

/** Streams whose decoded data readers only ever use as pictures, fonts, colours, xref entries or metadata. */
function neverParsed(dict: Dict): boolean {
  const type = dict.entries.get('Type');
  const subtype = dict.entries.get('Subtype');
  const has = (key: string) => dict.entries.has(key);
  if (subtype?.t === 'name' && ['Image', 'Type1C', 'CIDFontType0C', 'OpenType'].includes(subtype.v))
    return true;
  // Cross-reference streams, and XMP metadata (XML, whose URLs would read as names).
  if (type?.t === 'name' && (type.v === 'XRef' || type.v === 'Metadata')) return true;
  if (subtype?.t === 'name' && subtype.v === 'XML') return true;
  // A linearised file's hint stream: binary offsets, found by /S and nothing else.
  if (has('S') && !type && !subtype) return true;
  if (has('Length1') || has('Length2') || has('Length3')) return true;
  // ICC profiles have /N (their components); thumbnails and masks have image dimensions.
  if (has('N')) return true;
  return has('Width') && has('Height') && has('BitsPerComponent');
}

/** After `ID` in a content stream: binary image data up to `EI` between white space. */
function skipInlineImage(lexer: Lexer): void {
  const { data, end } = lexer;
  let pos = lexer.pos + 1;
  for (; pos + 1 < end; pos++) {
    if (
      data[pos] === 69 &&
      data[pos + 1] === 73 &&
      isWhite(data[pos - 1] as number) &&
      (pos + 2 >= end || isWhite(data[pos + 2] as number))
    ) {
      lexer.pos = pos + 2;
      return;
    }
  }
  lexer.pos = end;
}
