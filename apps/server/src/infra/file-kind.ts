import type { FileKind } from '@talentloop/contract';
import { fileTypeFromBuffer } from 'file-type';
import { DOCX_LIMITS, type ZipLimits, checkDocx, readCentralDirectory } from './zip.ts';

// The one file-type sniffer (issue 19): every upload's kind is decided here from its bytes, never
// from the name or the declared type (the `file-type` package reads the signature; Word files get
// the extra checks below). The multipart reader (http/multipart.ts) refuses a file whose kind is
// not one its endpoint declares; the file routes use it to decide whether a stored file previews.

/** The MIME type a file of each kind is stored and served as. */
export const KIND_MIME: Readonly<Record<FileKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
export const isImageKind = (kind: FileKind): boolean => IMAGE_KINDS.has(kind);

const BY_MIME = new Map<string, FileKind>(
  Object.entries(KIND_MIME)
    .filter(([kind]) => kind !== 'doc' && kind !== 'docx')
    .map(([kind, mime]) => [mime, kind as FileKind]),
);

/** A legacy Word file is an OLE2 compound file whose directory names a "WordDocument" stream. */
function isWordCompoundFile(buf: Buffer): boolean {
  return buf.includes(Buffer.from('WordDocument', 'utf16le'));
}

/**
 * Whether a ZIP is a real OOXML word-processing document: '[Content_Types].xml' and
 * 'word/document.xml' listed, no entry that is a program (an .exe, a script, a macro-enabled part),
 * and within the entry count and uncompressed size: declared, and then actually inflated as a
 * stream that stops at the first byte past the declared size (zip.ts checkDocx).
 */
export async function isSafeWordDocument(buf: Buffer, limits: ZipLimits = DOCX_LIMITS): Promise<boolean> {
  const entries = readCentralDirectory(buf, limits.maxEntries);
  if (!entries) return false;
  const names = entries.map((e) => e.name);
  if (!names.includes('[Content_Types].xml')) return false;
  if (names.some((n) => /\.(exe|dll|com|bat|cmd|msi|scr|ps1|vbs|js|jar|sh|bin)$/i.test(n) || /vbaProject\.bin$/i.test(n))) return false;
  return (await checkDocx(buf, limits)).ok;
}

/**
 * The kind the bytes are by their own signature, or null when they are none we know (or unsafe).
 * With `among`, a kind outside it is null at once (a Word file's deeper checks are only run when a
 * Word file is accepted).
 */
export async function sniffKind(data: Buffer, among?: readonly FileKind[]): Promise<FileKind | null> {
  let mime: string | undefined;
  try {
    mime = (await fileTypeFromBuffer(data))?.mime;
  } catch {
    return null;
  }
  const kind: FileKind | undefined =
    mime === 'application/x-cfb' ? 'doc' : mime ? (BY_MIME.get(mime) ?? (mime === KIND_MIME.docx ? 'docx' : undefined)) : undefined;
  if (!kind || (among && !among.includes(kind))) return null;
  if (kind === 'docx') return (await isSafeWordDocument(data)) ? 'docx' : null;
  if (kind === 'doc') return isWordCompoundFile(data) ? 'doc' : null;
  return kind;
}
