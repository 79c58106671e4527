// A message's text as the conversation shows it (issue 36): plain text, never markup, and web
// addresses shown as text until clicked. Nothing here becomes an <a href> by itself: a link part
// carries the address it would open (only http and https; a bare www. address opens as https), and
// the screen opens it in a new tab only when the person asks, after they have seen where it goes.
// Any other scheme (javascript:, data:, file:, mailto:) stays plain text.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address starts at http://, https:// or www. and runs to the next space; trailing punctuation
// that usually ends a sentence ('see https://x.io.') is not part of it.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}>»”’]+$/;

/** The address a link part opens, or null when it is not one we open (wrong scheme, no host). */
export function openableHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.')) return null;
  return url.href;
}

/** Splits a message into text and link parts, in order; joined, the parts' text is the message. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (t: string) => {
    if (!t) return;
    const prev = parts.at(-1);
    if (prev?.kind === 'text') prev.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    // A match inside a word ('xhttps://…') is not an address.
    if (start > 0 && /[\p{L}\p{N}_@/]/u.test(text[start - 1] ?? '')) continue;
    const raw = match[0].replace(TRAILING, '');
    const href = openableHref(raw);
    if (!href) continue;
    push(text.slice(last, start));
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  push(text.slice(last));
  return parts;
}

/** The host a link opens, said before it is opened ('Open example.com?'). */
export function linkHost(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return href;
  }
}
