import { TALENT_SEARCH_MESSAGES } from '@talentloop/contract/api/talent-search';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filtersFromParams,
  loosenLabel,
  paramsFromFilters,
  searchProblems,
  serverProblem,
  type TalentFilters,
  withoutFilter,
} from './search-params.ts';

// Issue 20: the talent search's address holds the whole search (the contract's TalentSearchQuery
// parameters), so a search can be shared, reloaded and undone with Back.

const full: TalentFilters = {
  q: 'react',
  skill: ['TypeScript', 'GraphQL'],
  country: 'DE',
  level: 'expert',
  rateMin: '20',
  rateMax: '80',
  hours: '20',
  language: 'en',
  sort: 'rate_asc',
};

describe('talent search URL', () => {
  it('turns every filter into the query string and back unchanged (skills repeated)', () => {
    const params = paramsFromFilters(full);
    expect(params.toString()).toBe(
      'q=react&skill=TypeScript&skill=GraphQL&country=DE&level=expert&rateMin=20&rateMax=80&hours=20&language=en&sort=rate_asc',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('leaves out empty values and the default sort, so an empty search is a bare address', () => {
    expect(paramsFromFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(paramsFromFilters({ ...EMPTY_FILTERS, q: '  design  ' }).toString()).toBe('q=design');
  });

  it('reads a shared link leniently: an unknown sort is the default, skills once each, other parameters ignored', () => {
    const filters = filtersFromParams(new URLSearchParams('q=%20ux%20&skill=Figma&skill=Figma&skill=&sort=newest&page=3'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, q: 'ux', skill: ['Figma'] });
  });

  it('removes one filter the way an empty result suggests (rate removes both bounds, skill all skills)', () => {
    expect(withoutFilter(full, 'country')).toEqual({ ...full, country: '' });
    expect(withoutFilter(full, 'rate')).toEqual({ ...full, rateMin: '', rateMax: '' });
    expect(withoutFilter(full, 'skill')).toEqual({ ...full, skill: [] });
    expect(withoutFilter(full, 'q')).toEqual({ ...full, q: '' });
  });

  it('names each loosening with its count, the server capping counts at 100', () => {
    expect(loosenLabel('country', 12)).toBe('Remove the country filter: 12 freelancers');
    expect(loosenLabel('rate', 1)).toBe('Remove the hourly rate filter: 1 freelancer');
    expect(loosenLabel('skill', 3, 2)).toBe('Remove the skill filters: 3 freelancers');
    expect(loosenLabel('q', 100)).toBe('Clear the search text: 100+ freelancers');
  });
});

describe('talent search checks before calling', () => {
  it('refuses an inverted rate range with the contract message', () => {
    expect(searchProblems({ ...EMPTY_FILTERS, rateMin: '90', rateMax: '30' })).toEqual([
      { field: 'rateMin', message: TALENT_SEARCH_MESSAGES.rateInverted },
    ]);
  });

  it('refuses rates that are no numbers or out of range, unknown countries and levels', () => {
    const messages = (f: Partial<TalentFilters>) => searchProblems({ ...EMPTY_FILTERS, ...f }).map((p) => p.message);
    expect(messages({ rateMin: 'abc' })).toEqual([TALENT_SEARCH_MESSAGES.rateNotNumber]);
    expect(messages({ rateMax: '5000' })).toEqual([TALENT_SEARCH_MESSAGES.rateOutOfRange]);
    expect(messages({ country: 'XX' })).toEqual([TALENT_SEARCH_MESSAGES.unknownCountry]);
    expect(messages({ level: 'guru' })).toEqual([TALENT_SEARCH_MESSAGES.unknownLevel]);
    // The wizard's own level is no filter: the search filters by the level companies see (decision 163).
    expect(messages({ level: 'mid-exp' })).toEqual([TALENT_SEARCH_MESSAGES.unknownLevel]);
    expect(messages(full)).toEqual([]);
  });

  it("reads the server's refusal 'field: message' as the field and the contract message", () => {
    expect(serverProblem(`skill: ${TALENT_SEARCH_MESSAGES.unknownSkill('Reakt')}`)).toEqual({
      field: 'skill',
      message: 'Unknown skill: Reakt. Choose a skill from the list.',
    });
    expect(serverProblem(TALENT_SEARCH_MESSAGES.badCursor)).toEqual({ field: '', message: TALENT_SEARCH_MESSAGES.badCursor });
  });
});
