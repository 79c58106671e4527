import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

// Free text that others will see (skills, occupations, universities, companies, job titles) is
// checked against obscenity's maintained English list, with its look-alike transformers.
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

export function isInappropriate(text: string): boolean {
  return matcher.hasMatch(text);
}
