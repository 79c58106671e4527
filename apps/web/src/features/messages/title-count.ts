// The page title carries the unread count (issue 36): '(3) Messages · Talentloop'. Pages set their
// own titles; the count is a prefix put on (and replaced) whatever title the page has.

const PREFIX = /^\(\d+\+?\) /;

/** The title with `count` unread in front ('99+' above 99), or the bare title when nothing is unread. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(PREFIX, '');
  if (count <= 0) return bare;
  return `(${count > 99 ? '99+' : count}) ${bare}`;
}
