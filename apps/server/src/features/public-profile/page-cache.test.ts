import { describe, expect, test } from 'vitest';
import type { Listen } from '../../infra/db/listen.ts';
import { MAX_AGE_MS, PUBLIC_PAGES_CHANNEL, createPageCache, validUntil } from './page-cache.ts';

// The talent pages kept in memory (decision 310): dropped by the database's notifications, refused
// when drawn from a read older than a change, bounded in number and in time.

function fakeListen() {
  const heard: { channel: string; onPayload: (p: string) => void; onReconnect?: () => void }[] = [];
  const listen: Listen = async (channel, onPayload, onReconnect) => {
    heard.push({ channel, onPayload, ...(onReconnect ? { onReconnect } : {}) });
    return async () => {};
  };
  return { listen, notify: (payload: string) => heard[0]?.onPayload(payload), reconnect: () => heard[0]?.onReconnect?.(), heard };
}

const page = (userId: string | null, validUntil = Number.MAX_SAFE_INTEGER) => ({
  status: 200 as const,
  html: `<p>${userId}</p>`,
  userId,
  validUntil,
});

describe('talent pages kept in memory', () => {
  test('nothing is kept until the cache listens, then a page is kept and served', async () => {
    const cache = createPageCache({ now: () => new Date() });
    cache.keep('ada', page('u1'), cache.generation());
    expect(cache.get('ada')).toBeUndefined();
    const db = fakeListen();
    await cache.start(db.listen);
    expect(db.heard.map((h) => h.channel)).toEqual([PUBLIC_PAGES_CHANNEL]);
    cache.keep('ada', page('u1'), cache.generation());
    expect(cache.get('ada')?.html).toBe('<p>u1</p>');
  });

  test("a notification drops the named freelancers' pages and every not-found page, and keeps the others", async () => {
    const db = fakeListen();
    const cache = createPageCache({ now: () => new Date() });
    await cache.start(db.listen);
    cache.keep('ada', page('u1'), cache.generation());
    cache.keep('bo', page('u2'), cache.generation());
    cache.keep('cy', page('u3'), cache.generation());
    cache.keep('nobody', { ...page(null), status: 404 }, cache.generation());
    db.notify('u1,u3');
    expect(cache.get('ada')).toBeUndefined();
    expect(cache.get('cy')).toBeUndefined();
    expect(cache.get('nobody')).toBeUndefined();
    expect(cache.get('bo')?.userId).toBe('u2');
    db.notify('*');
    expect(cache.get('bo')).toBeUndefined();
  });

  test('a page drawn from a read before a change is not kept; a reconnect drops everything', async () => {
    const db = fakeListen();
    const cache = createPageCache({ now: () => new Date() });
    await cache.start(db.listen);
    const before = cache.generation();
    db.notify('u9');
    cache.keep('ada', page('u1'), before);
    expect(cache.get('ada')).toBeUndefined();
    cache.keep('ada', page('u1'), cache.generation());
    db.reconnect();
    expect(cache.get('ada')).toBeUndefined();
  });

  test('a page is served until its time, and the least recently used goes first past the bound', async () => {
    let now = Date.parse('2026-11-29T10:00:00Z');
    const db = fakeListen();
    const cache = createPageCache({ now: () => new Date(now), kept: 2 });
    await cache.start(db.listen);
    cache.keep('ada', page('u1', now + 1_000), cache.generation());
    cache.keep('bo', page('u2'), cache.generation());
    now += 999;
    expect(cache.get('ada')).toBeDefined();
    now += 1;
    expect(cache.get('ada')).toBeUndefined();
    cache.keep('ada', page('u1'), cache.generation());
    expect(cache.get('bo')).toBeDefined();
    cache.keep('cy', page('u3'), cache.generation());
    expect(cache.get('ada')).toBeUndefined();
    expect(cache.get('bo')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  test('a drawn page holds until the next UTC midnight, the next review reveal, or the longest age, whichever is first', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(validUntil(at, null)).toBe(at.getTime() + MAX_AGE_MS);
    expect(validUntil(new Date('2026-11-29T23:55:00Z'), null)).toBe(Date.parse('2026-11-30T00:00:00Z'));
    expect(validUntil(at, new Date('2026-11-29T10:05:00Z'))).toBe(Date.parse('2026-11-29T10:05:00Z'));
    expect(validUntil(at, new Date('2026-12-09T10:00:00Z'))).toBe(at.getTime() + MAX_AGE_MS);
  });
});
