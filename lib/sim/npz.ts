import fs from "node:fs";
import { Zip, ZipPassThrough } from "fflate";

// NPY version 1.0 (numpy's own format): a magic string, a header dict padded to 64 bytes, then
// the raw little-endian data in C order. An NPZ is a zip of `<name>.npy` files; entries here are
// stored (not deflated) and streamed from column files on disk, so memory stays flat.

export type NpyDtype = "<f4" | "|u1" | "<i2" | "<i4" | "<i8" | "|b1";

/** The NPY 1.0 header of an array of this dtype and shape. */
export function npyHeader(dtype: NpyDtype, shape: readonly number[]): Uint8Array {
  const dims = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  let dict = `{'descr': '${dtype}', 'fortran_order': False, 'shape': ${dims}, }`;
  // magic (6) + version (2) + length (2) + dict + padding + "\n" is a multiple of 64.
  const total = Math.ceil((10 + dict.length + 1) / 64) * 64;
  dict = dict.padEnd(total - 10 - 1, " ") + "\n";
  if (dict.length > 65535) throw new RangeError("NPY header too long");
  const out = new Uint8Array(total);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, dict.length & 0xff, dict.length >> 8]);
  for (let i = 0; i < dict.length; i++) out[10 + i] = dict.charCodeAt(i);
  return out;
}

export interface NpzEntry {
  name: string;
  dtype: NpyDtype;
  shape: readonly number[];
  /** A file holding exactly the array's raw bytes. */
  dataFile: string;
}

/** A fixed timestamp, so that the same arrays give the same bytes. */
const MTIME = new Date(1980, 0, 1, 0, 0, 0);
/** Plain zip (no ZIP64): each entry must stay under 4 GiB. */
const MAX_ENTRY = 0xffffffff - 4096;
const CHUNK = 1 << 20;

/** Writes the NPZ at `path`, streaming each entry's data file through. */
export function writeNpz(path: string, entries: readonly NpzEntry[]): void {
  const fd = fs.openSync(path, "w");
  let failure: Error | null = null;
  try {
    const zip = new Zip((err, data) => {
      if (err) failure = err;
      else fs.writeSync(fd, data);
    });
    const buf = Buffer.alloc(CHUNK);
    for (const entry of entries) {
      const size = fs.statSync(entry.dataFile).size;
      if (size > MAX_ENTRY)
        throw new RangeError(
          `${entry.name} is ${size} bytes: over the 4 GiB a plain zip entry holds; export fewer steps or a smaller camera.`,
        );
      const file = new ZipPassThrough(`${entry.name}.npy`);
      file.mtime = MTIME;
      zip.add(file);
      file.push(npyHeader(entry.dtype, entry.shape));
      const src = fs.openSync(entry.dataFile, "r");
      try {
        for (let read = fs.readSync(src, buf, 0, CHUNK, null); read > 0; read = fs.readSync(src, buf, 0, CHUNK, null))
          file.push(new Uint8Array(buf.subarray(0, read)));
      } finally {
        fs.closeSync(src);
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
    if (failure) throw failure;
  } finally {
    fs.closeSync(fd);
  }
}
