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
