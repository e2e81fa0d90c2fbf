import { Ch, type Dict, hexValue, isWhite, Refusal, unreadable } from './pdf-syntax';

/** The stream filters the active-content scan decodes, each within the file's decoded-bytes budget. */

// ---- Filters -----------------------------------------------------------------------------------

export function asciiHexDecode(data: Uint8Array): Uint8Array {
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

export function ascii85Decode(data: Uint8Array): Uint8Array {
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
export class ByteSink {
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

export function runLengthDecode(data: Uint8Array, budget: number): Uint8Array {
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

export function lzwDecode(data: Uint8Array, earlyChange: number, budget: number): Uint8Array {
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
export function unpredict(data: Uint8Array, params: Dict | null): Uint8Array {
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
