import { findPhoneNumbersInText } from 'libphonenumber-js/max';

// Contact details in a message (issue 36, decision 226): before an engagement exists, a message
// that carries an email address, a phone number or a messaging handle is delivered as written, with
// an inline note to both sides about staying on the platform, and counted for operators. Never held,
// never rewritten: this rule only says what it found. One rule for the server (the note, the count)
// and the web (the same note, shown at once under a message being written).
//
// What counts:
// - email: name@domain.tld, and the spelled-out forms people use to dodge filters
//   ("name at gmail dot com", "name(at)gmail(dot)com", "name [at] gmail [dot] com").
// - phone: an international number (+ or 00 and a country code) libphonenumber calls valid, or a
//   run of 10 to 15 digits written as a phone is written (digits, spaces, dots, dashes, brackets)
//   that is not a date, a time range, an amount or a reference.
// - handle: a messaging service named with an account (WhatsApp, Telegram, Signal, Skype, Discord,
//   WeChat, Line, Viber, Snapchat, Instagram, Facebook/Messenger, Slack), or its link (wa.me/…,
//   t.me/…, telegram.me/…, signal.me/…, discord.gg/…, m.me/…, skype:…, instagram.com/…).
// Not counted: an @mention alone ("@Priya thanks"), amounts ("$5,000", "₹1,20,000"), dates and
// times, ranges ("10-12 hours"), version numbers, invoice numbers and IBANs, a company website.

export const CONTACT_DETAIL_KINDS = ['email', 'phone', 'handle'] as const;
export type ContactDetailKind = (typeof CONTACT_DETAIL_KINDS)[number];

/** The inline note both sides see under a message with contact details sent before an engagement. */
export const CONTACT_DETAIL_NOTE =
  'This message has contact details. Until you agree an engagement here, keep talking on Talentloop: your messages stay on record if you ever need our help.';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** "name at gmail dot com", "name(at)gmail(dot)com", "name [at] gmail [dot] com" */
const SPELLED_EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\{at\}|\s+at\s+)\s*[\p{L}\p{N}-]+(?:\s*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+|\.)\s*[\p{L}\p{N}-]+)*\s*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+)\s*(?:com|net|org|io|co|in|uk|de|me|info|dev)\b/iu;

const SERVICES =
  'whats\\s?app|telegram|signal|skype|discord|wechat|we\\s?chat|line\\s?id|viber|snapchat|snap|instagram|insta|ig|facebook|messenger|fb|slack|kik|threema';
/** A service named, then (within a few words) an @handle or "handle: name" or "id: name". */
const SERVICE_WITH_ACCOUNT = new RegExp(
  `\\b(?:${SERVICES})\\b[^\\n]{0,25}?(?:@[\\p{L}\\p{N}_.]{3,}|(?:\\b(?:id|handle|username|user\\s?name|number|no\\.?)\\s*(?:is\\b|:)?|:)\\s*@?\\+?[\\p{L}\\p{N}_.#-]{2,})`,
  'iu',
);
/** "@handle on telegram", "add me @handle (skype)". */
const ACCOUNT_THEN_SERVICE = new RegExp(`@[\\p{L}\\p{N}_.]{3,}\\s*(?:on|at|via|in|\\()?\\s*(?:${SERVICES})\\b`, 'iu');
const SERVICE_LINK =
  /\b(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|t\.me|telegram\.me|signal\.me|discord\.gg|discord(?:app)?\.com\/users|m\.me|instagram\.com|facebook\.com|fb\.com|snapchat\.com\/add|line\.me|u\.wechat\.com)\/[\p{L}\p{N}_.+-]+|\bskype:[\p{L}\p{N}_.:-]{3,}/iu;
const DISCORD_TAG = /\b[\p{L}\p{N}_.]{2,32}#\d{4}\b/u;

/** A candidate phone: digits with the separators phones are written with; 10-15 digits in all. */
const PHONE_RUN = /(?:\+|\b00|\()?\d[\d\s().-]{8,22}\d\b/g;

function digitsOf(s: string): string {
  return s.replace(/\D/g, '');
}

/** Runs that are numbers but not phones: dates, ranges, amounts, references. */
function looksLikeSomethingElse(run: string, before: string, after: string): boolean {
  const trimmed = run.trim();
  // A date or a time: 2026-11-28, 28.11.2026, 28/11/2026, 10:30.
  if (/^\d{4}-\d{1,2}-\d{1,2}/.test(trimmed) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(trimmed)) return true;
  // A range of dates "2026-11-28 - 2026-12-05" or of years "2019 - 2024".
  if (/^\d{4}\s*-\s*\d{4}$/.test(trimmed)) return true;
  if (/\d{4}-\d{2}-\d{2}/.test(trimmed)) return true;
  // An amount: a currency sign or code right before or after, or grouped thousands 1,000,000.
  if (/(?:[$€£₹¥]|\b(?:USD|EUR|GBP|INR|JPY|AUD|CAD|Rs\.?))\s*$/i.test(before)) return true;
  if (/^\s*(?:[$€£₹¥]|USD|EUR|GBP|INR|%|k\b|hours?\b|hrs?\b|days?\b)/i.test(after)) return true;
  // A reference: letters glued to the number (INV-2026-000123, DE89 3704 0044 0532 0130 00).
  if (/[\p{L}]-?$/u.test(before)) return true;
  if (/^[\p{L}]/u.test(after)) return true;
  return false;
}

function hasPhone(text: string): boolean {
  // International numbers libphonenumber knows (with + or 00): the strongest signal.
  for (const found of findPhoneNumbersInText(text.replace(/(^|[^\d])00(?=[1-9])/g, '$1+'))) {
    if (found.number.isValid()) return true;
  }
  for (const match of text.matchAll(PHONE_RUN)) {
    const run = match[0];
    const digits = digitsOf(run);
    if (digits.length < 10 || digits.length > 15) continue;
    const start = match.index ?? 0;
    const before = text.slice(Math.max(0, start - 6), start);
    const after = text.slice(start + run.length, start + run.length + 6);
    if (looksLikeSomethingElse(run, before, after)) continue;
    // Grouped as a phone: at most 4 groups of digits, none longer than 5 after the first, or one
    // unbroken run of 10-12 digits (a mobile number typed without spaces).
    const groups = run
      .trim()
      .split(/[\s().-]+/)
      .filter(Boolean);
    if (groups.length === 1 && digits.length <= 12) return true;
    if (groups.length >= 2 && groups.length <= 5 && groups.every((g) => g.length <= 5 || g === groups[0])) return true;
  }
  return false;
}

/** The kinds of contact details a message carries (empty: none), in the order email, phone, handle. */
export function findContactDetails(text: string): ContactDetailKind[] {
  const kinds: ContactDetailKind[] = [];
  if (EMAIL.test(text) || SPELLED_EMAIL.test(text)) kinds.push('email');
  // An email's digits are not a phone; look for phones with the emails taken out.
  if (hasPhone(text.replace(new RegExp(EMAIL.source, 'gu'), ' '))) kinds.push('phone');
  if (SERVICE_WITH_ACCOUNT.test(text) || ACCOUNT_THEN_SERVICE.test(text) || SERVICE_LINK.test(text) || DISCORD_TAG.test(text)) {
    kinds.push('handle');
  }
  return kinds;
}

export const hasContactDetails = (text: string): boolean => findContactDetails(text).length > 0;
