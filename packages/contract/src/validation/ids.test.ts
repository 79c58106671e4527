import { describe, expect, it } from 'vitest';
import { isUuid, notFoundOf, uuidField, uuidOrNull, uuidParam } from './ids.ts';

describe('ids', () => {
  it('takes a UUID in either case, and nothing else', () => {
    expect(isUuid('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('3F2A1B4C-5D6E-4F70-8A9B-0C1D2E3F4A5B')).toBe(true);
    for (const bad of [
      '',
      'not-an-id',
      '3f2a1b4c5d6e4f708a9b0c1d2e3f4a5b',
      '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b\u0000',
      ' 3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      42,
      null,
    ]) {
      expect(isUuid(bad), String(bad)).toBe(false);
    }
  });

  it('gives an id from a request in lower case, as stored, or null', () => {
    expect(uuidOrNull('3F2A1B4C-5D6E-4F70-8A9B-0C1D2E3F4A5B')).toBe('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b');
    expect(uuidOrNull('x')).toBeNull();
    expect(uuidOrNull(undefined)).toBeNull();
  });

  it('uuidParam: a UUID comes out lower-cased; anything else fails with the endpoint’s own not-found code', () => {
    const param = uuidParam('TL_CORE_13013_E');
    expect(notFoundOf(param)).toBe('TL_CORE_13013_E');
    expect(notFoundOf(uuidParam('TL_CORE_15000_E'))).toBe('TL_CORE_15000_E');
    expect(param.parse('3F2A1B4C-5D6E-4F70-8A9B-0C1D2E3F4A5B')).toBe('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b');
    for (const bad of [
      '',
      'not-an-id',
      '123',
      '3f2a1b4c5d6e4f708a9b0c1d2e3f4a5b',
      '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b0',
      ' 3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    ]) {
      const parsed = param.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(
        parsed.error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['TL_CORE_13013_E']);
    }
  });

  it.each([
    // body value, what comes out (a lower-cased UUID) or the messages of its refusal
    ['3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b', '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'],
    ['3F2A1B4C-5D6E-4F70-8A9B-0C1D2E3F4A5B', '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'],
    ['', ['TL_CORE_15003_E']],
    ['not-an-id', ['TL_CORE_15003_E']],
    ["1' OR '1'='1", ['TL_CORE_15003_E']],
    ['3f2a1b4c5d6e4f708a9b0c1d2e3f4a5b', ['TL_CORE_15003_E']],
    ['3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b ', ['TL_CORE_15003_E']],
    [undefined, ['Choose one.']],
    [42, ['Choose one.']],
    [null, ['Choose one.']],
  ] as const)('uuidField: %j in a body gives %j', (value, expected) => {
    const field = uuidField('TL_CORE_15003_E', { required: 'Choose one.' });
    const parsed = field.safeParse(value);
    if (typeof expected === 'string') expect(parsed.data).toBe(expected);
    else expect(parsed.error?.issues.map((i) => i.message)).toEqual(expected);
    // A body id is not a path id: path-ids.test.ts lists only uuidParam's.
    expect(notFoundOf(field)).toBeUndefined();
  });
});
