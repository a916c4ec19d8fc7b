/*
 * A small GIF reader: the structure of a GIF file and each frame's pixels decoded (LZW), so a
 * test (this folder's, the API's, an end-to-end one) can check a clip's preview is a real
 * animation with one frame per step, not merely bytes that start with "GIF8".
 */

export interface GifFrame {
  width: number;
  height: number;
  /** Frame delay in milliseconds (from its graphic control extension; 0 when none). */
  delayMs: number;
  /** Palette indices, width × height of them once decoded. */
  indices: Uint8Array;
  /** The colour table the frame uses (local, else the global one), as [r, g, b]. */
  palette: Array<[number, number, number]>;
}

export interface GifInfo {
  width: number;
  height: number;
  /** Loops forever when 0, from the NETSCAPE2.0 extension; null when the file has none. */
  loops: number | null;
  frames: GifFrame[];
}

class Reader {
  at = 0;
  constructor(readonly b: Uint8Array) {}
  u8(): number {
    if (this.at >= this.b.length) throw new Error("the GIF ends early");
    return this.b[this.at++] as number;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  take(n: number): Uint8Array {
    if (this.at + n > this.b.length) throw new Error("the GIF ends early");
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  subBlocks(): Uint8Array {
    const parts: Uint8Array[] = [];
    for (let n = this.u8(); n !== 0; n = this.u8()) parts.push(this.take(n));
    const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
  colorTable(packed: number): Array<[number, number, number]> {
    const size = 2 << (packed & 7);
    const t = this.take(size * 3);
    return Array.from({ length: size }, (_, i) => [t[i * 3] as number, t[i * 3 + 1] as number, t[i * 3 + 2] as number]);
  }
}

/** GIF LZW: variable-width codes from `minCodeSize + 1` bits, clear and end codes (prefix/suffix tables). */
function lzwDecode(data: Uint8Array, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < clear; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let next = clear + 2;
  let size = minCodeSize + 1;
  let prev = -1;
  let o = 0;
  let bit = 0;
  const write = (code: number) => {
    const n = length[code] as number;
    if (o + n > pixels) throw new Error(`a frame decodes to more than ${pixels} pixels`);
    for (let c = code, k = o + n - 1; c !== -1; c = prefix[c] as number, k--) out[k] = suffix[c] as number;
    o += n;
  };
  while (bit + size <= data.length * 8) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= (((data[bit >> 3] as number) >> (bit & 7)) & 1) << i;
    if (code === clear) {
      next = clear + 2;
      size = minCodeSize + 1;
      prev = -1;
      continue;
    }
    if (code === end) break;
    if (prev === -1) {
      if (code >= clear) throw new Error(`bad LZW code ${code}`);
      write(code);
      prev = code;
      continue;
    }
    if (code > next || (code >= clear && code < clear + 2)) throw new Error(`bad LZW code ${code}`);
    const head = code === next ? (first[prev] as number) : (first[code] as number);
    if (next < 4096) {
      prefix[next] = prev;
      suffix[next] = head;
      first[next] = first[prev] as number;
      length[next] = (length[prev] as number) + 1;
      next++;
    }
    write(code);
    prev = code;
    if (next === 1 << size && size < 12) size++;
  }
  if (o !== pixels) throw new Error(`a frame decodes to ${o} pixels, not ${pixels}`);
  return out;
}

/** Reads a GIF89a/GIF87a file; throws on anything malformed. */
export function readGif(bytes: Uint8Array): GifInfo {
  const r = new Reader(bytes);
  const sig = String.fromCharCode(...r.take(6));
  if (sig !== "GIF89a" && sig !== "GIF87a") throw new Error("not a GIF");
  const width = r.u16();
  const height = r.u16();
  const packed = r.u8();
  r.u8(); // background colour index
  r.u8(); // pixel aspect
  const globalTable = packed & 0x80 ? r.colorTable(packed) : [];
  const frames: GifFrame[] = [];
  let loops: number | null = null;
  let delayMs = 0;
  for (;;) {
    const block = r.u8();
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = r.u8();
      const body = r.subBlocks();
      if (label === 0xf9) delayMs = ((body[1] as number) | ((body[2] as number) << 8)) * 10;
      if (label === 0xff && String.fromCharCode(...body.subarray(0, 11)) === "NETSCAPE2.0")
        loops = (body[12] as number) | ((body[13] as number) << 8);
      continue;
    }
    if (block !== 0x2c) throw new Error(`unknown block 0x${block.toString(16)}`);
    r.u16();
    r.u16();
    const w = r.u16();
    const h = r.u16();
    const fp = r.u8();
    const palette = fp & 0x80 ? r.colorTable(fp) : globalTable;
    const minCodeSize = r.u8();
    const indices = lzwDecode(r.subBlocks(), minCodeSize, w * h);
    frames.push({ width: w, height: h, delayMs, indices, palette });
    delayMs = 0;
  }
  return { width, height, loops, frames };
}
