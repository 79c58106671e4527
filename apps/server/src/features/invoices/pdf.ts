import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentRead } from '@talentloop/contract/api/invoices';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { BRAND } from '@talentloop/contract/brand';
import { type Currency, PLATFORM_FEE_BPS, formatMoney } from '@talentloop/contract/rules/money';
import PDFDocument from 'pdfkit';

// Invoice, credit-note and statement PDFs (issue 34, decision 203), drawn with pdfkit 0.20.2 in
// DejaVu Sans (dejavu-fonts-ttf 2.37.3: Latin, Greek, Cyrillic and the currency signs, ₹ included).
// The bytes depend on the document and the bank details only: the creation and modification dates
// are the issue date, the file id is derived from them (pdfkit hashes the info dictionary), the
// font subset's tag from the font's id, and compression is deflate (deterministic). Every text from
// users (names, addresses, line descriptions, the PO number) is printed as plain text: no link
// annotations, no markup read.

export type BankDetails = {
  accountName?: string | undefined;
  bankName?: string | undefined;
  iban?: string | undefined;
  accountNumber?: string | undefined;
  ifsc?: string | undefined;
  swift?: string | undefined;
};

export type PdfView = 'invoice' | 'statement';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// Parsed once per process and reused by every document (fontkit keeps the glyphs it has read; each
// document still makes its own subset): the parse was most of a render's time.
type Font = { hasGlyphForCodePoint: (cp: number) => boolean };
const fontkit = require('fontkit') as { create: (data: Buffer) => Font };
const REGULAR = fontkit.create(fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf')));
const BOLD = fontkit.create(fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')));
// Scripts DejaVu lacks, from the Noto families (@fontsource/noto-sans-devanagari and -arabic 5.3.0,
// the script's WOFF slice; files read at run time, not bundled). A run of text DejaVu cannot draw is
// set in the first of these that has its glyphs (fontkit shapes the run: conjuncts, joining forms).
// A letter of the font's own script is set in it even where DejaVu has a glyph (DejaVu Sans's Arabic
// is partial; a name is not split between two designs).
const noto = (pkg: string, file: string) =>
  fontkit.create(fs.readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file)));
const DEVANAGARI = /\p{Script=Devanagari}/u;
const ARABIC = /\p{Script=Arabic}/u;
const FALLBACKS: Record<'Body' | 'Bold', Array<[string, Font, RegExp]>> = {
  Body: [
    ['Devanagari', noto('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'), DEVANAGARI],
    ['Arabic', noto('@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'), ARABIC],
  ],
  Bold: [
    ['DevanagariBold', noto('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-700-normal.woff'), DEVANAGARI],
    ['ArabicBold', noto('@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-700-normal.woff'), ARABIC],
  ],
};
const PRIMARY: Record<'Body' | 'Bold', Font> = { Body: REGULAR, Bold: BOLD };

// Chinese, Japanese and Korean (decision 276): Noto Sans SC, JP and KR from @fontsource 5.3.0
// (pinned exactly). Each package splits its font into about 120 slices by unicode range
// (unicode.json); a character is set in the slice that covers it, read and parsed the first time
// one is needed (then kept), and a document registers only the slices its text uses, in the order
// it meets them (so the same document gives the same bytes). A text with kana prefers the Japanese
// design for its Han characters, one with Hangul the Korean, any other the Simplified Chinese.
type CjkLang = 'sc' | 'jp' | 'kr';
const CJK_LANGS: readonly CjkLang[] = ['sc', 'jp', 'kr'];
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const cjkSlices = new Map<CjkLang, Array<{ slice: string; ranges: Array<[number, number]> }>>(
  CJK_LANGS.map((lang) => {
    const dir = path.dirname(require.resolve(`@fontsource/noto-sans-${lang}/package.json`));
    const unicode = JSON.parse(fs.readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    const slices = Object.entries(unicode)
      .filter(([name]) => /^\[\d+\]$/.test(name))
      .map(([name, ranges]) => ({
        slice: name.slice(1, -1),
        ranges: ranges.split(',').map((r): [number, number] => {
          const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
          const a = Number.parseInt(from as string, 16);
          return [a, to ? Number.parseInt(to, 16) : a];
        }),
      }));
    return [lang, slices];
  }),
);
const cjkFaces = new Map<string, Font>();
/** The slice font (pdfkit name and face) of `lang` whose range covers `cp`, if any. */
function cjkFace(lang: CjkLang, family: 'Body' | 'Bold', cp: number): [string, Font] | undefined {
  const slice = cjkSlices.get(lang)?.find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))?.slice;
  if (slice === undefined) return undefined;
  const weight = family === 'Bold' ? 700 : 400;
  const name = `Noto${lang.toUpperCase()}-${slice}-${weight}`;
  let face = cjkFaces.get(name);
  if (!face) {
    face = noto(`@fontsource/noto-sans-${lang}`, `noto-sans-${lang}-${slice}-${weight}-normal.woff`);
    cjkFaces.set(name, face);
  }
  return face.hasGlyphForCodePoint(cp) ? [name, face] : undefined;
}
/** Which CJK design a text prefers (its kana or Hangul say Japanese or Korean). */
function cjkOrder(text: string): readonly CjkLang[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return ['jp', 'sc', 'kr'];
  if (/\p{Script=Hangul}/u.test(text)) return ['kr', 'sc', 'jp'];
  return CJK_LANGS;
}

/** The font (pdfkit name and face) a character is set in, given the text's CJK preference. */
function fontOf(family: 'Body' | 'Bold', char: string, cjk: readonly CjkLang[]): [string, Font] {
  const cp = char.codePointAt(0) as number;
  const own = FALLBACKS[family].find(([, f, script]) => script.test(char) && f.hasGlyphForCodePoint(cp));
  if (own) return [own[0], own[1]];
  if (CJK.test(char)) {
    for (const lang of cjk) {
      const found = cjkFace(lang, family, cp);
      if (found) return found;
    }
  }
  if (PRIMARY[family].hasGlyphForCodePoint(cp)) return [family, PRIMARY[family]];
  const other = FALLBACKS[family].find(([, f]) => f.hasGlyphForCodePoint(cp));
  if (other) return [other[0], other[1]];
  for (const lang of cjk) {
    const found = cjkFace(lang, family, cp);
    if (found) return found;
  }
  return [family, PRIMARY[family]];
}

/**
 * Splits text into runs, each set in one font: a script's own font for its letters, else the
 * family's own font where it has the glyph, else the first fallback that has it (the CJK slices
 * last). Spaces, marks and joiners stay in the run before them (a mark is shaped with its base), so
 * a name in one script is one run. Each run keeps its offset in the text (UTF-16 units).
 */
export function fontRuns(family: 'Body' | 'Bold', text: string): Array<{ font: string; text: string; start: number }> {
  const runs: Array<{ font: string; text: string; start: number }> = [];
  const cjk = cjkOrder(text);
  let current: { font: string; face: Font; text: string; start: number } | null = null;
  let at = 0;
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    const offset = at;
    at += char.length;
    if (current && /[\p{M}\p{Zs}\u200c\u200d]/u.test(char) && current.face.hasGlyphForCodePoint(cp)) {
      current.text += char;
      continue;
    }
    const [font, face] = fontOf(family, char, cjk);
    if (current && current.font === font) current.text += char;
    else {
      if (current) runs.push({ font: current.font, text: current.text, start: current.start });
      current = { font, face, text: char, start: offset };
    }
  }
  if (current) runs.push({ font: current.font, text: current.text, start: current.start });
  return runs;
}

/** The registered font faces by pdfkit name: DejaVu, the script fallbacks and the CJK slices met so far. */
function faceNamed(name: string): Font | undefined {
  if (name === 'Body' || name === 'Bold') return PRIMARY[name];
  return [...FALLBACKS.Body, ...FALLBACKS.Bold].find(([n]) => n === name)?.[1] ?? cjkFaces.get(name);
}

// Right-to-left text (decision 276): the Unicode bidirectional algorithm (bidi-js 1.1.0, pinned
// exactly) gives each character its embedding level, the paragraph's direction taken from its first
// strong letter. A line is cut into runs of one font and one level and the runs are put in visual
// order (rule L2: from the highest level down to the lowest odd one, every sequence at that level or
// above is reversed). Inside an odd-level run fontkit reverses the glyphs itself when the run's
// script is right-to-left (Arabic, Hebrew: it shapes in logical order first); a run of neutrals at
// an odd level (a space, a bracket) is reversed here; brackets at an odd level are mirrored.
type Bidi = {
  getEmbeddingLevels: (text: string, direction?: 'ltr' | 'rtl' | 'auto') => { levels: Uint8Array };
  getMirroredCharacter: (char: string) => string | null;
};
const bidi = (require('bidi-js') as () => Bidi)();
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The runs of a line in the order they are drawn, left to right (see above); each run's text as fontkit takes it. */
export function visualRuns(family: 'Body' | 'Bold', text: string): Array<{ font: string; text: string; level: number }> {
  const { levels } = bidi.getEmbeddingLevels(text, 'auto');
  const runs: Array<{ font: string; text: string; level: number }> = [];
  for (const run of fontRuns(family, text)) {
    let at = run.start;
    for (const char of run.text) {
      const level = levels[at] ?? 0;
      at += char.length;
      const last = runs[runs.length - 1];
      if (last && last.font === run.font && last.level === level && at - char.length !== run.start) last.text += char;
      else runs.push({ font: run.font, text: char, level });
    }
  }
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => {
    if (r.level % 2 === 0) return r;
    const mirrored = [...r.text].map((c) => bidi.getMirroredCharacter(c) ?? c);
    return { ...r, text: (RTL_SCRIPT.test(r.text) ? mirrored : mirrored.reverse()).join('') };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-23' -> '23 Nov 2026': from the calendar date itself, no zone, no locale data. */
export function printedDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** User text as one plain line: no control characters (a newline would break the layout). */
function plain(text: string): string {
  return text.replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ').trim();
}

type TextOptions = PDFKit.Mixins.TextOptions;
/** The fonts each document has registered (DejaVu and the script fallbacks at its start, CJK slices as met). */
const registeredFonts = new WeakMap<PDFKit.PDFDocument, Set<string>>();
/** Writes user text in the family, each run in the font that has its glyphs (see fontRuns). */
function say(pdf: PDFKit.PDFDocument, family: 'Body' | 'Bold', text: string, options: TextOptions, x?: number, y?: number): void {
  const runs: Array<{ font: string; text: string; level?: number }> = visualRuns(family, text);
  if (runs.length === 0) runs.push({ font: family, text });
  const registered = registeredFonts.get(pdf) ?? new Set<string>();
  registeredFonts.set(pdf, registered);
  runs.forEach((run, i) => {
    if (!registered.has(run.font)) {
      // A CJK slice is registered the first time the document uses it.
      pdf.registerFont(run.font, faceNamed(run.font) as unknown as string);
      registered.add(run.font);
    }
    pdf.font(run.font);
    // pdfkit lays text out a word at a time unless given features: a right-to-left run is laid out
    // whole, so fontkit reverses all its words (not each word in place).
    const opts = { ...options, continued: i < runs.length - 1, ...((run.level ?? 0) % 2 === 1 ? { features: [] } : {}) };
    if (i === 0 && x !== undefined) pdf.text(run.text, x, y, opts);
    else pdf.text(run.text, opts);
  });
  pdf.font(family);
}

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

function hours(quarterHours: number): string {
  const whole = Math.floor(quarterHours / 4);
  const rest = ['', '.25', '.5', '.75'][quarterHours % 4];
  return `${whole}${rest}`;
}

const GREY = '#555555';
const INK = '#111111';
const RULE = '#cccccc';

/** The document's title as printed for the view. */
export function pdfTitle(doc: Pick<DocumentRead, 'kind'>, view: PdfView): string {
  if (view === 'statement') return doc.kind === 'credit_note' ? 'Credit statement' : 'Statement';
  return doc.kind === 'credit_note' ? 'Credit note' : 'Invoice';
}

/**
 * Renders a document: 'invoice' is what the company receives (the invoice or credit note, issued on
 * the freelancer's behalf, the gross due); 'statement' is the same document seen by the freelancer
 * (gross, the platform fee as its own line, the net).
 */
export function renderDocumentPdf(doc: DocumentRead, view: PdfView, bank: BankDetails): Promise<Buffer> {
  const currency = doc.currency as Currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const issued = new Date(`${doc.issueDate}T00:00:00Z`);
  const title = pdfTitle(doc, view);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    info: {
      Title: `${title} ${doc.number}`,
      Author: BRAND.name,
      Subject: `${title} ${doc.number}`,
      Creator: BRAND.name,
      Producer: BRAND.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  // pdfkit takes a fontkit font object as a source (its types say a path or bytes).
  pdf.registerFont('Body', REGULAR as unknown as string);
  pdf.registerFont('Bold', BOLD as unknown as string);
  for (const [name, face] of [...FALLBACKS.Body, ...FALLBACKS.Bold]) pdf.registerFont(name, face as unknown as string);
  registeredFonts.set(pdf, new Set(['Body', 'Bold', ...[...FALLBACKS.Body, ...FALLBACKS.Bold].map(([name]) => name)]));
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 50;
  const right = pdf.page.width - 50;
  const width = right - left;

  // Heading: the title and number; the brand on the right.
  pdf.font('Bold').fontSize(20).fillColor(INK).text(title, left, 50);
  pdf.font('Body').fontSize(10).fillColor(GREY).text(BRAND.name, left, 56, { width, align: 'right' });
  pdf.font('Bold').fontSize(11).fillColor(INK).text(doc.number, left, 78);
  if (doc.kind === 'credit_note' && doc.creditsNumber) {
    pdf.font('Body').fontSize(10).fillColor(GREY).text(`Credits invoice ${doc.creditsNumber}`, left, 94);
  }

  // The parties: issued by the freelancer (on whose behalf the platform issues), to the company.
  const party = (label: string, p: DocumentRead['issuer'], x: number, y: number) => {
    pdf
      .font('Bold')
      .fontSize(9)
      .fillColor(GREY)
      .text(label.toUpperCase(), x, y, { width: width / 2 - 10 });
    pdf.fontSize(10).fillColor(INK);
    say(pdf, 'Bold', plain(p.legalName), { width: width / 2 - 10 });
    pdf.font('Body').fontSize(9).fillColor(INK);
    for (const line of p.addressLines) say(pdf, 'Body', plain(line), { width: width / 2 - 10 });
    say(pdf, 'Body', plain(`${p.postalCode} ${p.city}`), { width: width / 2 - 10 });
    pdf.text(countryName(p.country), { width: width / 2 - 10 });
    if (p.taxNumber) say(pdf, 'Body', `${p.country === 'IN' ? 'GSTIN' : 'VAT'}: ${plain(p.taxNumber)}`, { width: width / 2 - 10 });
    say(pdf, 'Body', plain(p.email), { width: width / 2 - 10 });
    return pdf.y;
  };
  const partiesTop = 125;
  const afterIssuer = party('From (issuer)', doc.issuer, left, partiesTop);
  const afterRecipient = party('Bill to', doc.recipient, left + width / 2 + 10, partiesTop);
  let y = Math.max(afterIssuer, afterRecipient) + 8;
  pdf.font('Body').fontSize(8).fillColor(GREY).text(`Issued by ${BRAND.name} on behalf of the issuer.`, left, y, { width });
  y = pdf.y + 12;

  // The document's facts.
  const facts: Array<[string, string]> = [
    ['Issue date', printedDate(doc.issueDate)],
    ...(doc.kind === 'invoice' ? ([['Due date', printedDate(doc.dueDate)]] as Array<[string, string]>) : []),
    ['Currency', doc.currency],
    ['Payment reference', doc.paymentReference],
    ...(doc.poNumber ? ([['Purchase order', plain(doc.poNumber)]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of facts) {
    pdf.font('Body').fontSize(9).fillColor(GREY).text(label, left, y, { width: 120 });
    pdf.fontSize(9).fillColor(INK);
    say(pdf, 'Bold', value, { width: width - 120 }, left + 120, y);
    y = pdf.y + 3;
  }
  if (doc.kind === 'credit_note' && doc.reason) {
    pdf.font('Body').fontSize(9).fillColor(GREY).text('Reason', left, y, { width: 120 });
    pdf.fontSize(9).fillColor(INK);
    say(pdf, 'Body', plain(doc.reason), { width: width - 120 }, left + 120, y);
    y = pdf.y + 3;
  }
  y += 12;

  // The lines: description, hours, rate, amount.
  const cols = { desc: left, hours: left + width - 230, rate: left + width - 170, amount: left + width - 90 };
  const header = (top: number) => {
    pdf.font('Bold').fontSize(9).fillColor(GREY);
    pdf.text('Description', cols.desc, top, { width: cols.hours - cols.desc - 10 });
    pdf.text('Hours', cols.hours, top, { width: 50, align: 'right' });
    pdf.text('Rate', cols.rate, top, { width: 70, align: 'right' });
    pdf.text('Amount', cols.amount, top, { width: 90, align: 'right' });
    pdf
      .moveTo(left, top + 14)
      .lineTo(right, top + 14)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    return top + 20;
  };
  y = header(y);
  for (const line of doc.lines) {
    if (y > pdf.page.height - 200) {
      pdf.addPage();
      y = header(50);
    }
    pdf.font('Body').fontSize(9).fillColor(INK);
    say(pdf, 'Body', plain(line.description), { width: cols.hours - cols.desc - 10 }, cols.desc, y);
    const bottom = pdf.y;
    if (line.quarterHours !== null) pdf.text(hours(line.quarterHours), cols.hours, y, { width: 50, align: 'right' });
    if (line.unitMinor !== null) pdf.text(money(line.unitMinor), cols.rate, y, { width: 70, align: 'right' });
    pdf.text(money(line.amountMinor), cols.amount, y, { width: 90, align: 'right' });
    y = Math.max(bottom, pdf.y) + 6;
  }
  pdf.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(0.5).stroke();
  y += 10;

  // Totals: the company's total; the freelancer's gross, fee and net.
  const total = (label: string, value: string, bold = false) => {
    pdf
      .font(bold ? 'Bold' : 'Body')
      .fontSize(bold ? 11 : 9)
      .fillColor(INK);
    pdf.text(label, left + width - 330, y, { width: 230, align: 'right' });
    pdf.text(value, cols.amount, y, { width: 90, align: 'right' });
    y = pdf.y + 4;
  };
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  if (view === 'invoice') {
    total('Subtotal', money(sign * doc.grossMinor));
    total(doc.kind === 'credit_note' ? 'Total credited' : 'Total due', money(sign * doc.grossMinor), true);
  } else {
    const percent = `${PLATFORM_FEE_BPS / 100}%`;
    total('Gross (invoiced to the client)', money(sign * doc.grossMinor));
    total(`Platform fee (${percent})`, money(-sign * doc.feeMinor));
    total(doc.kind === 'credit_note' ? 'Net reversed' : 'Net to you', money(sign * doc.netMinor), true);
  }
  y += 16;

  // How to pay (the company's invoice), or what the statement is.
  pdf
    .font('Bold')
    .fontSize(9)
    .fillColor(GREY)
    .text(view === 'invoice' && doc.kind === 'invoice' ? 'HOW TO PAY' : 'NOTE', left, y, { width });
  pdf.font('Body').fontSize(9).fillColor(INK);
  if (view === 'invoice' && doc.kind === 'invoice') {
    const rows: Array<[string, string | undefined]> = [
      ['Account name', bank.accountName],
      ['Bank', bank.bankName],
      ['IBAN', bank.iban],
      ['Account number', bank.accountNumber],
      ['IFSC', bank.ifsc],
      ['SWIFT / BIC', bank.swift],
    ];
    const given = rows.filter((r): r is [string, string] => !!r[1]);
    if (given.length === 0) {
      pdf.text(
        `Pay by ${printedDate(doc.dueDate)}, quoting the payment reference ${doc.paymentReference}. ${BRAND.name} sends the bank-transfer details on request.`,
        { width },
      );
    } else {
      pdf.text(`Pay by bank transfer by ${printedDate(doc.dueDate)}, quoting the payment reference ${doc.paymentReference}.`, { width });
      pdf.moveDown(0.3);
      for (const [label, value] of given) {
        const top = pdf.y;
        pdf.fillColor(GREY).text(label, left, top, { width: 120 });
        pdf.fillColor(INK);
        say(pdf, 'Body', plain(value), { width: width - 120 }, left + 120, top);
      }
    }
  } else if (view === 'statement') {
    say(
      pdf,
      'Body',
      `This statement shows the ${doc.kind === 'credit_note' ? 'credit note' : 'invoice'} ${doc.number} issued on your behalf to ${plain(doc.recipient.legalName)}, with the ${BRAND.name} fee taken once on its total.`,
      { width },
    );
  } else {
    pdf.text(`This credit note cancels invoice ${doc.creditsNumber ?? ''}. Nothing is due on it.`, { width });
  }

  pdf.end();
  return done;
}
