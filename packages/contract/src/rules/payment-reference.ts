// The payment reference printed on an invoice (issue 34, decision 201): what a company types into
// its bank transfer so that the payment can be matched to the invoice. Human-typeable: Crockford's
// base-32 alphabet (no I, L, O, U: nothing to confuse with 1, 0 or V), grouped in fours, with a check
// character from the same alphabet (Luhn mod 32) that catches any single mistyped character and
// most swaps of two adjacent characters. Letters and digits only, because banks' reference fields
// often drop anything else. Read back case-insensitively, ignoring spaces and dashes.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAYMENT_REFERENCE_PREFIX = 'TL';
/** Characters of the random body (8 x 5 bits = 40 bits). */
export const PAYMENT_REFERENCE_BODY_LENGTH = 8;

/** Luhn mod N over the alphabet (N = 32): the character that makes the body and it sum to 0. */
function checkSymbol(body: string): string {
  const n = ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const addend = factor * ALPHABET.indexOf(body[i] as string);
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / n) + (addend % n);
  }
  return ALPHABET[(n - (sum % n)) % n] as string;
}

/** A reference from 8 values 0..31 (the server draws them at random): `TL-ABCD-EFGH-K`. */
export function paymentReferenceFrom(values: readonly number[]): string {
  if (values.length !== PAYMENT_REFERENCE_BODY_LENGTH || values.some((v) => !Number.isInteger(v) || v < 0 || v > 31)) {
    throw new Error('a payment reference needs 8 values from 0 to 31');
  }
  const body = values.map((v) => ALPHABET[v]).join('');
  return `${PAYMENT_REFERENCE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}-${checkSymbol(body)}`;
}

/**
 * The reference as printed when `typed` is one (any case, spaces or dashes anywhere, O read as 0
 * and I or L as 1 as Crockford allows), or undefined when it is not a valid reference.
 */
export function readPaymentReference(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(PAYMENT_REFERENCE_PREFIX)) return undefined;
  const rest = compact.slice(PAYMENT_REFERENCE_PREFIX.length).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (rest.length !== PAYMENT_REFERENCE_BODY_LENGTH + 1) return undefined;
  const body = rest.slice(0, PAYMENT_REFERENCE_BODY_LENGTH);
  if ([...body].some((ch) => !ALPHABET.includes(ch))) return undefined;
  if (checkSymbol(body) !== rest.slice(-1)) return undefined;
  return `${PAYMENT_REFERENCE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}-${rest.slice(-1)}`;
}
