/**
 * PDF object syntax as the active-content scan reads it: values, the lexer, and the refusal a
 * check ends with (pdf-active-content.ts).
 */

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: 'active-content'; name: string }
  | { ok: false; reason: 'encrypted' }
  | { ok: false; reason: 'unreadable'; detail: string }
  | { ok: false; reason: 'too-large'; detail: string };

export class Refusal extends Error {
  constructor(readonly verdict: Exclude<PdfVerdict, { ok: true }>) {
    super(verdict.reason);
  }
}

export function unreadable(detail: string): never {
  throw new Refusal({ ok: false, reason: 'unreadable', detail });
}

// ---- Values ------------------------------------------------------------------------------------

export type PdfValue =
  | { t: 'dict'; entries: Map<string, PdfValue> }
  | { t: 'array'; items: PdfValue[]; truncated: boolean }
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref'; num: number }
  | { t: 'str' }
  | { t: 'kw'; v: string };

export type Dict = Extract<PdfValue, { t: 'dict' }>;

// ---- Lexer -------------------------------------------------------------------------------------

export enum Ch {
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

export function isWhite(c: number): boolean {
  return c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab || c === Ch.Ff || c === Ch.Nul;
}

export function isDelimiter(c: number): boolean {
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

export function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

export type Token =
  | { k: 'name'; v: string }
  | { k: 'str' }
  | { k: 'open-dict' }
  | { k: 'close-dict' }
  | { k: 'open-array' }
  | { k: 'close-array' }
  | { k: 'brace' }
  | { k: 'word'; v: string };

export class Lexer {
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

export function latin1(data: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(data[i] as number);
  return text;
}

export const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)$/;
export const integerPattern = /^\d+$/;

export function indexOfBytes(data: Uint8Array, needle: Uint8Array, from: number, end: number): number {
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

export const endstreamBytes = new TextEncoder().encode('endstream');
