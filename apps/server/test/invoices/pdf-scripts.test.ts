import zlib from 'node:zlib';
import type { DocumentRead } from '@talentloop/contract/api/invoices';
import { describe, expect, test } from 'vitest';
import { renderDocumentPdf } from '../../src/features/invoices/pdf.ts';

// Names come in every script (issue 34): the invoice and statement PDFs embed a font that has each
// name's glyphs. Read back from the PDF itself: every embedded font's name and the characters its
// ToUnicode map gives (what a reader extracts as text).

const DEVANAGARI = 'अनुराधा शर्मा';
const ARABIC = 'ليلى حداد';

function embeddedFonts(bytes: Buffer): Array<{ name: string; chars: string }> {
  const text = bytes.toString('latin1');
  const streams = new Map<string, string>();
  for (const m of text.matchAll(/\n(\d+) 0 obj\s*<<((?:(?!>>\s*stream|endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.lastIndexOf('\n', text.indexOf('endstream', start));
    const raw = bytes.subarray(start, end);
    streams.set(
      m[1] as string,
      (m[2] as string).includes('/FlateDecode') ? zlib.inflateSync(raw).toString('latin1') : raw.toString('latin1'),
    );
  }
  const fonts: Array<{ name: string; chars: string }> = [];
  for (const m of text.matchAll(
    /\/BaseFont \/([A-Z]{6}\+[\w-]+)\s*\/Encoding \/Identity-H\s*\/DescendantFonts \[\d+ 0 R\]\s*\/ToUnicode (\d+) 0 R/g,
  )) {
    const cmap = streams.get(m[2] as string) ?? '';
    let chars = '';
    for (const hex of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
      const units = (hex[2] as string).match(/.{4}/g)?.map((u) => Number.parseInt(u, 16)) ?? [];
      chars += String.fromCharCode(...units);
    }
    for (const arr of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]{4})> \[([^\]]*)\]/g)) {
      for (const hex of (arr[3] as string).matchAll(/<([0-9a-fA-F]+)>/g)) {
        const units = (hex[1] as string).match(/.{4}/g)?.map((u) => Number.parseInt(u, 16)) ?? [];
        chars += String.fromCharCode(...units);
      }
    }
    fonts.push({ name: (m[1] as string).split('+')[1] as string, chars });
  }
  return fonts;
}

const party = (legalName: string, city: string) => ({
  legalName,
  addressLines: [`${legalName}, 4 Park Street`],
  city,
  postalCode: '700016',
  country: 'IN',
  taxNumber: null,
  email: 'billing@example.test',
});

const doc: DocumentRead = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'invoice',
  purpose: 'work_approved',
  number: 'INV-2026-0001',
  creditsNumber: null,
  engagementId: '00000000-0000-4000-8000-000000000002',
  issueDate: '2026-11-23',
  dueDate: '2026-12-07',
  currency: 'INR',
  grossMinor: 100000,
  feeMinor: 10000,
  netMinor: 90000,
  counterpartyName: ARABIC,
  paymentReference: 'TL-ABCD-1234',
  poNumber: null,
  reason: null,
  issuer: party(DEVANAGARI, 'कोलकाता'),
  recipient: party(ARABIC, 'دبي'),
  lines: [
    {
      description: `Week of 16 Nov: ${DEVANAGARI} / ${ARABIC} / Ἀλέξανδρος / Пётр`,
      quarterHours: 16,
      unitMinor: 25000,
      amountMinor: 100000,
    },
  ],
} as DocumentRead;

describe('invoice PDFs in every script', () => {
  test.each(['invoice', 'statement'] as const)('a Devanagari and an Arabic name survive in the %s, the same bytes twice', async (view) => {
    const bytes = await renderDocumentPdf(doc, view, { accountName: DEVANAGARI, iban: 'GB33BUKB20201555555555' });
    const fonts = embeddedFonts(bytes);
    const names = fonts.map((f) => f.name);
    expect(names).toContain('NotoSansDevanagari-Bold');
    expect(names).toContain('NotoSansArabic-Bold');
    expect(names).toContain('NotoSansDevanagari-Regular');
    expect(names).toContain('NotoSansArabic-Regular');
    const devanagari = fonts
      .filter((f) => f.name.startsWith('NotoSansDevanagari'))
      .map((f) => f.chars)
      .join('');
    const arabic = fonts
      .filter((f) => f.name.startsWith('NotoSansArabic'))
      .map((f) => f.chars)
      .join('');
    // Every letter (a conjunct's virama is inside the conjunct's glyph, which pdfkit maps to its base).
    for (const ch of DEVANAGARI.match(/\p{L}/gu) ?? []) expect(devanagari).toContain(ch);
    for (const ch of ARABIC.match(/\p{L}/gu) ?? []) expect(arabic).toContain(ch);
    // Greek and Cyrillic are DejaVu's own.
    const dejavu = fonts
      .filter((f) => f.name.startsWith('DejaVuSans'))
      .map((f) => f.chars)
      .join('');
    for (const ch of 'ἈλέξανδροςПётр') expect(dejavu).toContain(ch);
    expect(bytes.equals(await renderDocumentPdf(doc, view, { accountName: DEVANAGARI, iban: 'GB33BUKB20201555555555' }))).toBe(true);
  });
});

// Chinese, Japanese and Korean names, and right-to-left text beside Latin (decision 276), read back
// from the page itself: each text block's font and glyphs (TJ), mapped to characters through that
// font's ToUnicode, placed by its position on the page.

type Drawn = { x: number; y: number; font: string; text: string; glyphs: number[] };

function drawnText(bytes: Buffer): Drawn[] {
  const text = bytes.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const m of text.matchAll(/\n(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*(stream\r?\n|endobj)/g)) {
    let stream: string | null = null;
    if ((m[3] as string).startsWith('stream')) {
      const start = (m.index ?? 0) + m[0].length;
      const end = text.lastIndexOf('\n', text.indexOf('endstream', start));
      const raw = bytes.subarray(start, end);
      stream = (m[2] as string).includes('/FlateDecode') ? zlib.inflateSync(raw).toString('latin1') : raw.toString('latin1');
    }
    objects.set(m[1] as string, { dict: m[2] as string, stream });
  }
  const cmapOf = (toUnicode: string) => {
    const map = new Map<number, string>();
    const cmap = objects.get(toUnicode)?.stream ?? '';
    const chars = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g)?.map((u) => Number.parseInt(u, 16)) ?? []));
    for (const m of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(m[1] as string, 16), chars(m[2] as string));
    for (const m of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]{4})> \[([^\]]*)\]/g)) {
      let gid = Number.parseInt(m[1] as string, 16);
      for (const hex of (m[3] as string).matchAll(/<([0-9a-fA-F]+)>/g)) map.set(gid++, chars(hex[1] as string));
    }
    return map;
  };
  const fonts = new Map<string, { name: string; cmap: Map<number, string> }>();
  for (const [, obj] of objects) {
    const resources = obj.dict.match(/\/Font <<([^>]*)>>/);
    if (!resources) continue;
    for (const f of (resources[1] as string).matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const dict = objects.get(f[2] as string)?.dict ?? '';
      const base = dict.match(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/)?.[1] ?? '';
      const toUnicode = dict.match(/\/ToUnicode (\d+) 0 R/)?.[1] ?? '';
      fonts.set(f[1] as string, { name: base, cmap: cmapOf(toUnicode) });
    }
  }
  const drawn: Drawn[] = [];
  for (const [, obj] of objects) {
    if (!obj.stream?.includes(' Tf')) continue;
    for (const block of obj.stream.matchAll(/BT\s+1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s+\/(F\d+) [\d.]+ Tf([\s\S]*?)\nET/g)) {
      const font = fonts.get(block[3] as string);
      // The glyphs of the block's TJ arrays (a glyph moved by its font, an Arabic mark, has its own Tm).
      const glyphs = [...(block[4] as string).matchAll(/\[([^\]]*)\] TJ/g)]
        .flatMap((tj) => [...(tj[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)])
        .flatMap((h) => (h[1] as string).match(/.{4}/g)?.map((g) => Number.parseInt(g, 16)) ?? []);
      drawn.push({
        x: Number(block[1]),
        y: Number(block[2]),
        font: font?.name ?? '',
        text: glyphs.map((g) => font?.cmap.get(g) ?? '\uFFFD').join(''),
        glyphs,
      });
    }
  }
  return drawn;
}

/**
 * The line that starts with the block beginning `start`: the blocks drawn after it on the same line
 * (a font's baseline offset differs, so within 6 pt), ordered by their place on the page, left to
 * right, their text joined.
 */
function lineFrom(drawn: Drawn[], start: string): Drawn[] {
  const first = drawn.findIndex((d) => d.text.startsWith(start));
  if (first < 0) return [];
  const y = drawn[first]?.y as number;
  const row: Drawn[] = [];
  for (const d of drawn.slice(first)) {
    if (Math.abs(d.y - y) > 6 || (row.length > 0 && d.x <= (row[0]?.x as number))) break;
    row.push(d);
  }
  return row.sort((a, b) => a.x - b.x);
}
const joined = (row: Drawn[]) => row.map((d) => d.text).join('');

const HEBREW_MIXED = 'David דוד כהן Cohen';
const HEBREW_STREET = 'Week of 16 Nov: שדרות רוטשילד 12';
const ARABIC_MIXED = 'Dubai: شارع 12 الشيخ';
const CHINESE = '王小明';
const JAPANESE = '山田はなこ';
const KOREAN = '김민준';

const cjkDoc = {
  ...doc,
  issuer: party(CHINESE, '北京市'),
  recipient: { ...party(KOREAN, '서울특별시'), legalName: KOREAN, addressLines: [JAPANESE, HEBREW_MIXED, ARABIC_MIXED] },
  lines: [{ description: HEBREW_STREET, quarterHours: 16, unitMinor: 25000, amountMinor: 100000 }],
} as DocumentRead;

describe('invoice PDFs in CJK and right to left', () => {
  test.each(['invoice', 'statement'] as const)(
    'Chinese, Japanese and Korean names in their Noto fonts, no missing glyph, the same bytes twice (%s)',
    async (view) => {
      const bank = { accountName: KOREAN, iban: 'GB33BUKB20201555555555' };
      const bytes = await renderDocumentPdf(cjkDoc, view, bank);
      const drawn = drawnText(bytes);
      // No glyph is the font's .notdef (glyph 0): every character had its glyph in the chosen font.
      expect(drawn.flatMap((d) => d.glyphs)).not.toContain(0);
      const inFont = (prefix: string) =>
        drawn
          .filter((d) => d.font.startsWith(prefix))
          .map((d) => d.text)
          .join('');
      for (const ch of CHINESE) expect(inFont('NotoSansSC')).toContain(ch);
      // Kana makes the name Japanese: its Han characters too are in the Japanese design.
      for (const ch of JAPANESE) expect(inFont('NotoSansJP')).toContain(ch);
      for (const ch of KOREAN) expect(inFont('NotoSansKR')).toContain(ch);
      expect(bytes.equals(await renderDocumentPdf(cjkDoc, view, bank))).toBe(true);
    },
  );

  test('a Hebrew or Arabic run beside Latin text is drawn in visual order', async () => {
    const bytes = await renderDocumentPdf(cjkDoc, 'invoice', { iban: 'GB33BUKB20201555555555' });
    const drawn = drawnText(bytes);
    expect(drawn.flatMap((d) => d.glyphs)).not.toContain(0);
    // Left to right on the page: the Hebrew words right to left, in reverse order, between the Latin ones.
    expect(joined(lineFrom(drawn, 'David'))).toBe('David ןהכ דוד Cohen');
    // A street and its number: the words right to left, the number at their left, still left to right.
    expect(joined(lineFrom(drawn, 'Week of 16 Nov')).slice(0, 32)).toBe('Week of 16 Nov: 12 דלישטור תורדש');
    // Arabic: the words are shaped (Noto Sans Arabic draws dots as their own glyphs, so its text map
    // is lossy): the runs' places. The second word (الشيخ) at the left, then the number, then the first (شارع).
    const arabic = lineFrom(drawn, 'Dubai');
    expect(arabic.map((d) => (d.font.startsWith('NotoSansArabic') ? 'Arabic' : d.text))).toEqual([
      'Dubai: ',
      'Arabic',
      ' ',
      '12',
      'Arabic',
    ]);
  });
});
