import { describe, expect, it } from 'vitest';
import { linkHost, openableHref, splitLinks } from './message-text.ts';

describe('a message’s text with its web addresses', () => {
  it('keeps text without an address as one text part', () => {
    expect(splitLinks('Hello, see you at 10.')).toEqual([{ kind: 'text', text: 'Hello, see you at 10.' }]);
  });

  it('finds http, https and www. addresses and leaves the sentence’s punctuation outside them', () => {
    expect(splitLinks('Brief: https://acme.example/brief?v=2. Also www.acme.example, ok')).toEqual([
      { kind: 'text', text: 'Brief: ' },
      { kind: 'link', text: 'https://acme.example/brief?v=2', href: 'https://acme.example/brief?v=2' },
      { kind: 'text', text: '. Also ' },
      { kind: 'link', text: 'www.acme.example', href: 'https://www.acme.example/' },
      { kind: 'text', text: ', ok' },
    ]);
  });

  it('never makes a link of another scheme or of script', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'mailto:a@b.example', 'file:///etc/passwd']) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(openableHref('javascript://example.com/%0aalert(1)')).toBeNull();
    expect(openableHref('http://localhost')).toBeNull();
  });

  it('does not take an address glued inside a word', () => {
    expect(splitLinks('xhttps://acme.example')).toEqual([{ kind: 'text', text: 'xhttps://acme.example' }]);
  });

  it('joins back to the message exactly', () => {
    const text = 'a (https://x.example/a_(b)) b <www.y.example> c';
    expect(
      splitLinks(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('names the host a link opens', () => {
    expect(linkHost('https://acme.example:8443/x')).toBe('acme.example:8443');
  });
});
