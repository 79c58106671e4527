import { isUuid } from '@talentloop/contract/validation/ids';
import crypto from 'node:crypto';
import type { Keyset } from './queries.ts';

// The opaque cursor of a talent search page (decision "Talent search"): the last row's sort key
// and a digest of the search it belongs to, signed with a server secret. A cursor that was changed,
// or that comes from another query or sort, is refused (400, badCursor); it never positions a page.

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const RATE = /^\d{1,8}(\.\d{1,2})?$/;

export type CursorCodec = {
  encode: (search: string, key: Keyset) => string;
  /** The keyset of a cursor made for this search, else null (changed, foreign or malformed). */
  decode: (search: string, cursor: string) => Keyset | null;
};

/** `search`: a canonical string of the query and sort (not the page size). */
export function createCursorCodec(secret: string): CursorCodec {
  const mac = (body: string) => crypto.createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22);
  const digest = (search: string) => crypto.createHash('sha256').update(search).digest('base64url').slice(0, 16);
  return {
    encode(search, key) {
      const tuple = key.kind === 'score' ? ['s', key.score, key.id] : key.kind === 'at' ? ['t', key.at, key.id] : ['r', key.rate, key.id];
      const body = Buffer.from(JSON.stringify([digest(search), ...tuple])).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    decode(search, cursor) {
      const [body, sig, extra] = cursor.split('.');
      if (!body || !sig || extra !== undefined) return null;
      const expected = mac(body);
      if (sig.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== digest(search)) return null;
      const [, kind, value, id] = parsed as [string, string, unknown, unknown];
      if (!isUuid(id)) return null;
      if (kind === 's' && Number.isInteger(value)) return { kind: 'score', score: value as number, id };
      if (kind === 't' && typeof value === 'string' && AT.test(value)) return { kind: 'at', at: value, id };
      if (kind === 'r' && typeof value === 'string' && RATE.test(value)) return { kind: 'rate', rate: value, id };
      return null;
    },
  };
}
