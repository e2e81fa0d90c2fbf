import { constants, inflateSync } from 'node:zlib';

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

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: 'active-content'; name: string }
  | { ok: false; reason: 'encrypted' }
  | { ok: false; reason: 'unreadable'; detail: string }
  | { ok: false; reason: 'too-large'; detail: string };

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

class Refusal extends Error {
  constructor(readonly verdict: Exclude<PdfVerdict, { ok: true }>) {
    super(verdict.reason);
  }
}

function unreadable(detail: string): never {
  throw new Refusal({ ok: false, reason: 'unreadable', detail });
}

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

// ---- Values ------------------------------------------------------------------------------------

type PdfValue =
  | { t: 'dict'; entries: Map<string, PdfValue> }
  | { t: 'array'; items: PdfValue[]; truncated: boolean }
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref'; num: number }
  | { t: 'str' }
  | { t: 'kw'; v: string };

type Dict = Extract<PdfValue, { t: 'dict' }>;

// ---- Lexer -------------------------------------------------------------------------------------

enum Ch {
  Nul = 0,
  Tab = 9,
  Lf = 10,
  Ff = 12,
  Cr = 13,
  Space = 32,
  Hash = 35,
  Percent = 37,
  LParen = 40,
  RParen = 41,
  Slash = 47,
  Lt = 60,
  Gt = 62,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  LBrace = 123,
  RBrace = 125,
}

function isWhite(c: number): boolean {
  return c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab || c === Ch.Ff || c === Ch.Nul;
}

function isDelimiter(c: number): boolean {
  return (
    c === Ch.LParen ||
    c === Ch.RParen ||
    c === Ch.Lt ||
    c === Ch.Gt ||
    c === Ch.LBracket ||
    c === Ch.RBracket ||
    c === Ch.LBrace ||
    c === Ch.RBrace ||
    c === Ch.Slash ||
    c === Ch.Percent
  );
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

type Token =
  | { k: 'name'; v: string }
  | { k: 'str' }
  | { k: 'open-dict' }
  | { k: 'close-dict' }
  | { k: 'open-array' }
  | { k: 'close-array' }
  | { k: 'brace' }
  | { k: 'word'; v: string };

class Lexer {
  constructor(
    readonly data: Uint8Array,
    public pos: number,
    readonly end: number,
  ) {}

  next(): Token | null {
    const { data, end } = this;
    let pos = this.pos;
    for (;;) {
      while (pos < end && isWhite(data[pos] as number)) pos++;
      if (pos >= end) {
        this.pos = pos;
        return null;
      }
      if (data[pos] !== Ch.Percent) break;
      while (pos < end && data[pos] !== Ch.Lf && data[pos] !== Ch.Cr) pos++;
    }
    const c = data[pos] as number;
    if (c === Ch.Slash) {
      pos++;
      let name = '';
      while (pos < end) {
        const d = data[pos] as number;
        if (isWhite(d) || isDelimiter(d)) break;
        if (d === Ch.Hash && pos + 2 < end) {
          const high = hexValue(data[pos + 1] ?? -1);
          const low = hexValue(data[pos + 2] ?? -1);
          if (high >= 0 && low >= 0) {
            name += String.fromCharCode(high * 16 + low);
            pos += 3;
            continue;
          }
        }
        name += String.fromCharCode(d);
        pos++;
      }
      this.pos = pos;
      return { k: 'name', v: name };
    }
    if (c === Ch.LParen) {
      let depth = 1;
      pos++;
      while (pos < end && depth > 0) {
        const d = data[pos] as number;
        if (d === Ch.Backslash) pos += 2;
        else {
          if (d === Ch.LParen) depth++;
          else if (d === Ch.RParen) depth--;
          pos++;
        }
      }
      this.pos = Math.min(pos, end);
      return { k: 'str' };
    }
    if (c === Ch.Lt) {
      if (data[pos + 1] === Ch.Lt) {
        this.pos = pos + 2;
        return { k: 'open-dict' };
      }
      pos++;
      while (pos < end && data[pos] !== Ch.Gt) pos++;
      this.pos = Math.min(pos + 1, end);
      return { k: 'str' };
    }
    if (c === Ch.Gt) {
      // A lone '>' is a syntax error; read it as the end of a dictionary, as lenient readers do.
      this.pos = data[pos + 1] === Ch.Gt ? pos + 2 : pos + 1;
      return { k: 'close-dict' };
    }
    if (c === Ch.LBracket) {
      this.pos = pos + 1;
      return { k: 'open-array' };
    }
    if (c === Ch.RBracket) {
      this.pos = pos + 1;
      return { k: 'close-array' };
    }
    if (c === Ch.LBrace || c === Ch.RBrace || c === Ch.RParen) {
      this.pos = pos + 1;
      return { k: 'brace' };
    }
    const start = pos;
    while (pos < end) {
      const d = data[pos] as number;
      if (isWhite(d) || isDelimiter(d)) break;
      pos++;
    }
    this.pos = pos;
    // Words are numbers and keywords: short. A long run of regular bytes is binary noise.
    return { k: 'word', v: latin1(data, start, Math.min(pos, start + 32)) };
  }
}

function latin1(data: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(data[i] as number);
  return text;
}

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const integerPattern = /^\d+$/;

function indexOfBytes(data: Uint8Array, needle: Uint8Array, from: number, end: number): number {
  const first = needle[0] as number;
  const last = end - needle.length;
  for (let i = data.indexOf(first, from); i !== -1 && i <= last; i = data.indexOf(first, i + 1)) {
    let match = true;
    for (let j = 1; j < needle.length; j++) {
      if (data[i + j] !== needle[j]) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}

const endstreamBytes = new TextEncoder().encode('endstream');

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

// ---- Filters -----------------------------------------------------------------------------------

function asciiHexDecode(data: Uint8Array): Uint8Array {
  const output = new Uint8Array(Math.ceil(data.length / 2));
  let length = 0;
  let high = -1;
  for (const c of data) {
    if (c === Ch.Gt) break;
    if (isWhite(c)) continue;
    const value = hexValue(c);
    if (value < 0) unreadable('bad ASCIIHex data');
    if (high < 0) high = value;
    else {
      output[length++] = high * 16 + value;
      high = -1;
    }
  }
  if (high >= 0) output[length++] = high * 16;
  return output.subarray(0, length);
}

function ascii85Decode(data: Uint8Array): Uint8Array {
  const output = new Uint8Array(data.length * 4 + 4);
  let length = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    if (value > 0xffffffff) unreadable('bad ASCII85 data');
    const word = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    for (let i = 0; i < count; i++) output[length++] = word[i] as number;
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i] as number;
    if (c === 126 /* ~ */) break;
    if (isWhite(c)) continue;
    if (c === 122 /* z */ && group.length === 0) {
      length += 4;
      continue;
    }
    if (c < 33 || c > 117) unreadable('bad ASCII85 data');
    group.push(c - 33);
    if (group.length === 5) flush(4);
  }
  if (group.length === 1) unreadable('bad ASCII85 data');
  if (group.length > 0) flush(group.length - 1);
  return output.subarray(0, length);
}

/** Decoded bytes, grown as needed, refused past the budget. */
class ByteSink {
  private buffer: Uint8Array;
  length = 0;

  constructor(
    sizeHint: number,
    private readonly budget: number,
  ) {
    this.buffer = new Uint8Array(Math.max(1024, Math.min(sizeHint, budget)));
  }

  write(bytes: Uint8Array): void {
    const needed = this.length + bytes.length;
    if (needed > this.budget) {
      throw new Refusal({ ok: false, reason: 'too-large', detail: 'decoded content over the budget' });
    }
    if (needed > this.buffer.length) {
      const bigger = new Uint8Array(Math.min(this.budget, Math.max(this.buffer.length * 2, needed)));
      bigger.set(this.buffer.subarray(0, this.length));
      this.buffer = bigger;
    }
    this.buffer.set(bytes, this.length);
    this.length = needed;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

function runLengthDecode(data: Uint8Array, budget: number): Uint8Array {
  const sink = new ByteSink(data.length * 2, budget);
  let i = 0;
  while (i < data.length) {
    const length = data[i] as number;
    if (length === 128) break;
    if (length < 128) {
      sink.write(data.subarray(i + 1, Math.min(i + length + 2, data.length)));
      i += length + 2;
    } else {
      sink.write(new Uint8Array(257 - length).fill(data[i + 1] ?? 0));
      i += 2;
    }
  }
  return sink.bytes();
}

function lzwDecode(data: Uint8Array, earlyChange: number, budget: number): Uint8Array {
  const sink = new ByteSink(data.length * 3, budget);
  let table: Uint8Array[] = [];
  const reset = () => {
    table = [];
    for (let i = 0; i < 256; i++) table.push(Uint8Array.of(i));
    table.push(new Uint8Array(0), new Uint8Array(0)); // 256 clear, 257 end of data
  };
  reset();
  let codeLength = 9;
  let previous: Uint8Array | null = null;
  let bitBuffer = 0;
  let bits = 0;
  for (let i = 0; i < data.length || bits >= codeLength; ) {
    while (bits < codeLength && i < data.length) {
      bitBuffer = ((bitBuffer << 8) | (data[i++] as number)) >>> 0;
      bits += 8;
    }
    if (bits < codeLength) break;
    const code = (bitBuffer >>> (bits - codeLength)) & ((1 << codeLength) - 1);
    bits -= codeLength;
    bitBuffer &= (1 << bits) - 1;
    if (code === 256) {
      reset();
      codeLength = 9;
      previous = null;
      continue;
    }
    if (code === 257) break;
    let entry: Uint8Array;
    if (code < table.length) entry = table[code] as Uint8Array;
    else if (code === table.length && previous) {
      entry = new Uint8Array(previous.length + 1);
      entry.set(previous);
      entry[previous.length] = previous[0] as number;
    } else unreadable('bad LZW data');
    sink.write(entry);
    if (previous && table.length < 4096) {
      const added = new Uint8Array(previous.length + 1);
      added.set(previous);
      added[previous.length] = entry[0] as number;
      table.push(added);
    }
    previous = entry;
    const next = table.length + earlyChange;
    codeLength = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
  }
  return sink.bytes();
}

/** PNG (10 to 15) and TIFF (2) predictors, as readers apply them before parsing an object stream. */
function unpredict(data: Uint8Array, params: Dict | null): Uint8Array {
  const number = (key: string, fallback: number) => {
    const value = params?.entries.get(key);
    return value?.t === 'num' ? value.v : fallback;
  };
  const predictor = number('Predictor', 1);
  if (predictor < 2) return data;
  const colors = number('Colors', 1);
  const bitsPerComponent = number('BitsPerComponent', 8);
  const columns = number('Columns', 1);
  if (
    colors < 1 ||
    colors > 32 ||
    columns < 1 ||
    columns > 1_000_000 ||
    ![1, 2, 4, 8, 16].includes(bitsPerComponent)
  ) {
    unreadable('bad predictor parameters');
  }
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  const pixelBytes = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  if (predictor === 2) {
    if (bitsPerComponent !== 8) unreadable('a TIFF predictor of other than 8 bits');
    const output = Uint8Array.from(data);
    for (let row = 0; row < output.length; row += rowBytes) {
      for (let i = row + pixelBytes; i < Math.min(row + rowBytes, output.length); i++) {
        output[i] = ((output[i] as number) + (output[i - pixelBytes] as number)) & 255;
      }
    }
    return output;
  }
  const rows = Math.floor(data.length / (rowBytes + 1));
  const output = new Uint8Array(rows * rowBytes);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowBytes + 1)] as number;
    const source = row * (rowBytes + 1) + 1;
    const target = row * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[source + i] as number;
      const left = i >= pixelBytes ? (output[target + i - pixelBytes] as number) : 0;
      const up = row > 0 ? (output[target + i - rowBytes] as number) : 0;
      const upLeft = row > 0 && i >= pixelBytes ? (output[target + i - rowBytes - pixelBytes] as number) : 0;
      let value: number;
      switch (type) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          unreadable('a bad PNG predictor row');
      }
      output[target + i] = value & 255;
    }
  }
  return output;
}
