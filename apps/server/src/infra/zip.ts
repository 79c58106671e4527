import zlib from 'node:zlib';
import {
  OFFICE_ZIP_MAX_ENTRIES,
  OFFICE_ZIP_MAX_RATIO,
  OFFICE_ZIP_MAX_UNCOMPRESSED_BYTES,
  OFFICE_ZIP_RATIO_FLOOR_BYTES,
} from '@talentloop/contract';

// Judges a ZIP-based office file (.docx) in two steps. First its central directory, without
// inflating anything: how many entries, how large they claim to become, whether the local headers
// agree with the directory, whether entries overlap (the "non-recursive" zip bomb reuses one
// compressed stream for many entries), no ZIP64, no encryption. Then every entry is inflated as a
// stream (node:zlib), counting bytes and stopping at the first byte past the size the directory
// declared (and past the total limit), and the result must match the declared size and CRC-32: a
// directory that lies about what its data inflates to costs at most the declared bytes of work and
// never more than one output chunk of memory.

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_EXTRA_ID = 0x0001;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x1;
const FLAG_DATA_DESCRIPTOR = 0x8;
/** Inflated output arrives in chunks of this size; the most inflated bytes ever held at once. */
const INFLATE_CHUNK = 64 * 1024;

export type ZipLimits = {
  maxEntries: number;
  /** Sum of the uncompressed sizes, declared and actual. */
  maxTotalUncompressed: number;
  /** Uncompressed / compressed, for entries larger than `ratioFloor` once inflated. */
  maxRatio: number;
  ratioFloor: number;
};

export const DOCX_LIMITS: ZipLimits = {
  maxEntries: OFFICE_ZIP_MAX_ENTRIES,
  maxTotalUncompressed: OFFICE_ZIP_MAX_UNCOMPRESSED_BYTES,
  maxRatio: OFFICE_ZIP_MAX_RATIO,
  ratioFloor: OFFICE_ZIP_RATIO_FLOOR_BYTES,
};

export type ZipEntry = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

/** Whether an extra field block holds a ZIP64 extended-information record. */
function hasZip64Extra(buf: Buffer, start: number, end: number): boolean {
  for (let p = start; p + 4 <= end; ) {
    if (buf.readUInt16LE(p) === ZIP64_EXTRA_ID) return true;
    p += 4 + buf.readUInt16LE(p + 2);
  }
  return false;
}

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
  // A ZIP64 end-of-directory locator sits right before the record: no place in a 10 MB document.
  if (eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) return null;
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const entriesHere = buf.readUInt16LE(eocd + 8);
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // Multi-disk archives and ZIP64 (0xFFFF / 0xFFFFFFFF markers) are refused.
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries || entries === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    return null;
  }
  if (entries > maxEntries) return null;
  if (cdOffset + cdSize > eocd) return null;

  const out: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    if (flags & FLAG_ENCRYPTED) return null;
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) return null;
    const nameEnd = p + 46 + nameLength;
    const end = nameEnd + extraLength + commentLength;
    if (end > eocd) return null;
    if (hasZip64Extra(buf, nameEnd, nameEnd + extraLength)) return null;
    out.push({ name: buf.toString('utf8', p + 46, nameEnd), flags, method, crc, compressedSize, uncompressedSize, localOffset });
    p = end;
  }
  // The entry count and the directory's size must agree: no entry hides past the counted ones.
  if (p !== cdOffset + cdSize) return null;
  return out;
}

export type DocxVerdict = { ok: true } | { ok: false; reason: string };

/** Where each entry's compressed data starts, once its local header is checked against the directory. */
function localData(buf: Buffer, e: ZipEntry): { start: number; end: number } | string {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE) return 'bad local header';
  const flags = buf.readUInt16LE(at + 6);
  const method = buf.readUInt16LE(at + 8);
  const crc = buf.readUInt32LE(at + 14);
  const compressedSize = buf.readUInt32LE(at + 18);
  const uncompressedSize = buf.readUInt32LE(at + 22);
  const nameLength = buf.readUInt16LE(at + 26);
  const extraLength = buf.readUInt16LE(at + 28);
  const nameEnd = at + 30 + nameLength;
  if (nameEnd + extraLength > buf.length) return 'entry runs past the end';
  if (method !== e.method || (flags & FLAG_ENCRYPTED) !== 0) return 'local header disagrees with the directory';
  if (buf.toString('utf8', at + 30, nameEnd) !== e.name) return 'local header disagrees with the directory';
  if (hasZip64Extra(buf, nameEnd, nameEnd + extraLength)) return 'zip64 entry';
  // With a data descriptor (flag bit 3) the local sizes may be left zero; otherwise they must match.
  const deferred = (flags & FLAG_DATA_DESCRIPTOR) !== 0 && compressedSize === 0 && uncompressedSize === 0 && crc === 0;
  if (!deferred && (compressedSize !== e.compressedSize || uncompressedSize !== e.uncompressedSize || crc !== e.crc)) {
    return 'local header disagrees with the directory';
  }
  const start = nameEnd + extraLength;
  const end = start + e.compressedSize;
  if (end > buf.length) return 'entry runs past the end';
  return { start, end };
}

/** Whether a ZIP's directory declares a plausible Word document within the limits; never inflates. */
export function inspectDocx(buf: Buffer, limits: ZipLimits = DOCX_LIMITS): DocxVerdict {
  const entries = readCentralDirectory(buf, limits.maxEntries);
  if (!entries) return { ok: false, reason: 'not a well-formed zip, or too many entries' };
  if (!entries.some((e) => e.name === 'word/document.xml')) return { ok: false, reason: 'no word/document.xml' };
  let total = 0;
  for (const e of entries) {
    if (e.method !== 0 && e.method !== 8) return { ok: false, reason: `compression method ${e.method}` };
    if (e.method === 0 && e.compressedSize !== e.uncompressedSize) return { ok: false, reason: 'stored entry sizes differ' };
    total += e.uncompressedSize;
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: 'declared uncompressed size too large' };
    if (e.uncompressedSize > limits.ratioFloor && e.uncompressedSize > e.compressedSize * limits.maxRatio) {
      return { ok: false, reason: 'compression ratio too high' };
    }
  }
  // Each entry's local header must agree with the directory, and its data sit apart from every other entry's.
  const spans: Array<[number, number]> = [];
  for (const e of entries) {
    const data = localData(buf, e);
    if (typeof data === 'string') return { ok: false, reason: data };
    spans.push([e.localOffset, data.end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    const prev = spans[i - 1];
    const cur = spans[i];
    if (prev && cur && cur[0] < prev[1]) return { ok: false, reason: 'overlapping entries' };
  }
  return { ok: true };
}

export type InflateResult =
  | { kind: 'ok'; size: number; crc: number }
  /** More than `cap` bytes came out; inflation was stopped there. `produced` is what was counted. */
  | { kind: 'over'; produced: number }
  | { kind: 'corrupt' };

/**
 * Inflates a raw deflate stream without keeping its output: counts the bytes and their CRC-32, and
 * stops (destroying the inflater) as soon as more than `cap` bytes have come out.
 */
export function inflateCapped(compressed: Buffer, cap: number): Promise<InflateResult> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK });
    let size = 0;
    let crc = 0;
    let settled = false;
    const settle = (result: InflateResult) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(result);
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) settle({ kind: 'over', produced: size });
      else crc = zlib.crc32(chunk, crc);
    });
    inflater.on('end', () => settle({ kind: 'ok', size, crc }));
    inflater.on('error', () => settle({ kind: 'corrupt' }));
    // Fed a slice at a time, so a stop leaves the rest of the input unread.
    let at = 0;
    const feed = () => {
      while (!settled && at < compressed.length) {
        const slice = compressed.subarray(at, at + INFLATE_CHUNK);
        at += slice.length;
        if (!inflater.write(slice)) {
          inflater.once('drain', feed);
          return;
        }
      }
      if (!settled) inflater.end();
    };
    feed();
  });
}

/**
 * Whether a ZIP is a plausible Word document within the limits: its directory judged first (see
 * inspectDocx), then every entry inflated under its declared size and the total, its size and
 * CRC-32 matching what the directory declared.
 */
export async function checkDocx(buf: Buffer, limits: ZipLimits = DOCX_LIMITS): Promise<DocxVerdict> {
  const verdict = inspectDocx(buf, limits);
  if (!verdict.ok) return verdict;
  const entries = readCentralDirectory(buf, limits.maxEntries) ?? [];
  let budget = limits.maxTotalUncompressed;
  for (const e of entries) {
    const span = localData(buf, e);
    if (typeof span === 'string') return { ok: false, reason: span };
    const data = buf.subarray(span.start, span.end);
    let size: number;
    let crc: number;
    if (e.method === 0) {
      size = data.length;
      crc = zlib.crc32(data);
    } else {
      const inflated = await inflateCapped(data, Math.min(e.uncompressedSize, budget));
      if (inflated.kind === 'over') return { ok: false, reason: 'entry inflates past its declared size' };
      if (inflated.kind === 'corrupt') return { ok: false, reason: 'corrupt compressed data' };
      size = inflated.size;
      crc = inflated.crc;
    }
    if (size !== e.uncompressedSize) return { ok: false, reason: 'entry inflates short of its declared size' };
    if (crc !== e.crc) return { ok: false, reason: 'checksum mismatch' };
    budget -= size;
  }
  return { ok: true };
}
