// Count labels (issue 32: the console said '1 submissions'). Every 'n things' the web app shows goes
// through here: English's plural rules from Intl.PluralRules, the number formatted for English
// (1,200), and the noun's two forms given where the plural is not the noun plus 's'.

const rules = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');

/** The noun for `count`: `one` for 1, `other` (default: `one` + 's') for any other count, 0 included. */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** '1 submission', '3 submissions', '0 submissions', '1,200 views'. */
export function countLabel(count: number, one: string, other?: string): string {
  return `${numbers.format(count)} ${pluralNoun(count, one, other)}`;
}
