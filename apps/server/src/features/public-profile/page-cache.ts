import type { Listen } from '../../infra/db/listen.ts';

// Talent pages served from memory (issue 37, decision 310): a drawn page is kept until something it
// was drawn from changes. The database tells: every statement writing a table a public profile is
// read from notifies PUBLIC_PAGES_CHANNEL at commit with the freelancers it touched (migration
// 0030), heard by every instance, which drops their pages (and every 'not found', since a change may
// make a slug valid). Time changes a page too, so each is kept only until the earliest of: the next
// UTC midnight (the level counts ongoing roles to today), the next hidden review's reveal, and
// MAX_AGE_MS (a bound, should anything else depend on time). Without a listener nothing is kept.

export const PUBLIC_PAGES_CHANNEL = 'tl_public_pages';

/** How many drawn pages are kept (each about 25 kB: at most about 50 MB). The least recently used goes first. */
export const PAGES_KEPT = 2_000;
/** The longest a drawn page is kept without a change heard. */
export const MAX_AGE_MS = 15 * 60_000;

export type KeptPage = { status: 200 | 404; html: string; userId: string | null; validUntil: number };

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(opts: { now: () => Date; kept?: number }) {
  const kept = opts.kept ?? PAGES_KEPT;
  const pages = new Map<string, KeptPage>();
  // Bumped by every change heard: a page drawn from what was read before it is not kept.
  let generation = 0;
  let listening = false;
  let stop: (() => Promise<void>) | undefined;

  const dropAll = () => {
    generation += 1;
    pages.clear();
  };
  const dropUsers = (userIds: ReadonlySet<string>) => {
    generation += 1;
    for (const [key, page] of pages) if (page.userId === null || userIds.has(page.userId)) pages.delete(key);
  };

  return {
    /** Starts listening; until then (and with no listener) every request draws its page. */
    async start(listen: Listen | undefined): Promise<void> {
      if (!listen) return;
      stop = await listen(
        PUBLIC_PAGES_CHANNEL,
        (payload) => (payload === '*' || payload === '' ? dropAll() : dropUsers(new Set(payload.split(',')))),
        // Notifications sent while the connection was down are lost: drop everything.
        dropAll,
      );
      listening = true;
    },
    async stop(): Promise<void> {
      listening = false;
      dropAll();
      await stop?.();
    },
    /** The kept page for `key` while it holds, else undefined. */
    get(key: string): KeptPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      if (page.validUntil <= opts.now().getTime()) return undefined;
      pages.set(key, page);
      return page;
    },
    /** Taken before reading what a page is drawn from; `keep` refuses a page if a change came since. */
    generation: () => generation,
    keep(key: string, page: KeptPage, drawnAt: number): void {
      if (!listening || drawnAt !== generation || page.validUntil <= opts.now().getTime()) return;
      pages.set(key, page);
      if (pages.size > kept) pages.delete(pages.keys().next().value as string);
    },
    get size() {
      return pages.size;
    },
  };
}

/** Until when a page drawn at `now` holds: the next UTC midnight, the next reveal, or MAX_AGE_MS. */
export function validUntil(now: Date, nextReveal: Date | null): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.min(midnight, now.getTime() + MAX_AGE_MS, nextReveal?.getTime() ?? Number.POSITIVE_INFINITY);
}
