// Characters no one-line text takes: no zod here, so a rule that needs only this loads no schemas.

/** NUL and the other C0/C1 control characters; tab, LF and CR are allowed only in multi-line text. */
const CONTROL_ONE_LINE = /\p{Cc}/u;
const CONTROL_MULTI_LINE = /(?![\t\n\r])\p{Cc}/u;
/** Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they disguise text. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** True when the text holds a character no profile field takes (controls, NUL, bidi controls). */
export function hasUnsafeCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_ONE_LINE).test(value) || BIDI_CONTROL.test(value);
}
