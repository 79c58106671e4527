import { describe, expect, test } from 'vitest';
import { defangLinks, escapeHtml } from './templates.ts';

// User-written text in a mail (issue 18): clients link URLs, bare domains and addresses by
// themselves, so such text is defanged, not only escaped.

/** What mail and calendar clients commonly turn into links, roughly (schemes, www., domains, addresses). */
const LINKABLE =
  /[a-z][a-z0-9+.-]*:\/\/|\b(mailto|tel|javascript|data):|\bwww\.|[\p{L}\p{N}-]+[.\u3002\uFF0E\uFF61][\p{L}]{2,}|[\p{L}\p{N}._+-][@\uFF20][\p{L}\p{N}]/iu;

describe('defangLinks', () => {
  test.each([
    ['https://evil.example/login?next=/x', 'https[:]//evil[.]example/login?next=/x'],
    ['HTTP://EVIL.EXAMPLE', 'HTTP[:]//EVIL[.]EXAMPLE'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['see evil.com.', 'see evil[.]com.'],
    ['boss@evil.example', 'boss[@]evil[.]example'],
    ['mailto:boss@evil.example', 'mailto[:]boss[@]evil[.]example'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
    ['ftp://files.evil.example', 'ftp[:]//files[.]evil[.]example'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e[.]com'],
    ['пример.рф', 'пример[.]рф'],
    ['evil。example', 'evil[.]example'],
    ['evil．example', 'evil[.]example'],
    ['evil｡example', 'evil[.]example'],
    ['a＠evil.example', 'a[@]evil[.]example'],
    ['https：//evil.example', 'https[:]//evil[.]example'],
  ])('%s is no longer a link', (input, expected) => {
    const out = defangLinks(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(LINKABLE);
  });

  test('ordinary text is unchanged: sentences, times, decimals, mentions, a trailing colon', () => {
    for (const text of [
      'Please check our registration. Thanks!',
      'Any time after 10:30 works; the call takes 1.5 hours.',
      'Ask @maria about it.',
      'Reason: verification',
      '',
    ]) {
      expect(defangLinks(text)).toBe(text);
    }
  });

  test('defanged text is still escaped for HTML afterwards, and the brackets survive it', () => {
    expect(escapeHtml(defangLinks('<a href="https://evil.example">x</a>'))).toBe(
      '&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;x&lt;/a&gt;',
    );
  });
});
