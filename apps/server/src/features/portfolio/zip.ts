// Reads a ZIP's central directory without inflating anything, so a .docx can be judged by what it
// declares: how many entries, how large they claim to become, whether the entries overlap (the
// "non-recursive" zip bomb reuses one compressed stream for many entries) and whether it holds
// word/document.xml. Nothing here decompresses, so a zip bomb costs us only its own bytes.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export type ZipLimits = {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalUncompressed: number;
  /** Declared uncompressed / compressed, for entries larger than `ratioFloor` once inflated. */
  maxRatio: number;
  ratioFloor: number;
};

export const DOCX_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxTotalUncompressed: 64 * 1024 * 1024,
  maxRatio: 100,
  ratioFloor: 1024 * 1024,
};

export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number; localOffset: number; method: number };

/** The entries of a ZIP as its central directory lists them, or null when it is not a well-formed one. */
export function readCentralDirectory(buf: Buffer, maxEntries = DOCX_LIMITS.maxEntries): ZipEntry[] | null {
  if (buf.length < EOCD_MIN) return null;
  // The end-of-central-directory record is in the last 22 + 65535 bytes (it may carry a comment).
  let eocd = -1;
  for (let i = buf.length - EOCD_MIN; i >= Math.max(0, buf.length - EOCD_MIN - MAX_COMMENT); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const entriesHere = buf.readUInt16LE(eocd + 8);
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // Multi-disk archives and ZIP64 (0xFFFF / 0xFFFFFFFF markers) have no place in a 2 MB document.
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries || entries === 0xffff || cdOffset === 0xffffffff) return null;
  if (entries > maxEntries) return null;
  if (cdOffset + cdSize > eocd) return null;

  const out: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    if (flags & 0x1) return null; // encrypted
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) return null;
    const nameEnd = p + 46 + nameLength;
    if (nameEnd > eocd) return null;
    out.push({ name: buf.toString('utf8', p + 46, nameEnd), compressedSize, uncompressedSize, localOffset, method });
    p = nameEnd + extraLength + commentLength;
  }
  return out;
}

export type DocxVerdict = { ok: true } | { ok: false; reason: string };

/** Whether a ZIP is a plausible Word document within the limits; never inflates. */
export function inspectDocx(buf: Buffer, limits: ZipLimits = DOCX_LIMITS): DocxVerdict {
  const entries = readCentralDirectory(buf, limits.maxEntries);
  if (!entries) return { ok: false, reason: 'not a well-formed zip, or too many entries' };
  if (!entries.some((e) => e.name === 'word/document.xml')) return { ok: false, reason: 'no word/document.xml' };
  let total = 0;
  for (const e of entries) {
    if (e.method !== 0 && e.method !== 8) return { ok: false, reason: `compression method ${e.method}` };
    total += e.uncompressedSize;
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: 'declared uncompressed size too large' };
    if (e.uncompressedSize > limits.ratioFloor && e.uncompressedSize > e.compressedSize * limits.maxRatio) {
      return { ok: false, reason: 'compression ratio too high' };
    }
  }
  // Each entry's local header and data must sit apart from every other entry's.
  const spans: Array<[number, number]> = [];
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE) return { ok: false, reason: 'bad local header' };
    const end = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28) + e.compressedSize;
    if (end > buf.length) return { ok: false, reason: 'entry runs past the end' };
    spans.push([at, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    const prev = spans[i - 1];
    const cur = spans[i];
    if (prev && cur && cur[0] < prev[1]) return { ok: false, reason: 'overlapping entries' };
  }
  return { ok: true };
}
