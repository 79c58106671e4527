import { describe, expect, it } from 'vitest';
import { escapeHtml, injectHead } from './html.ts';

const INDEX =
  '<html><head>\n<meta name="description" content="Default" />\n<title>Talentloop</title>\n</head><body><div id="root"></div></body></html>';

describe('shared link head', () => {
  it('escapes every character that could end an attribute or start a tag', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });

  it('replaces the title and description and adds the Open Graph tags once', () => {
    const html = injectHead(INDEX, {
      title: 'A $& B',
      description: 'Bio $1',
      image: 'https://x.example/api/files/1',
      url: 'https://x.example/talent/a',
    });
    expect(html).toContain('<title>A $&amp; B</title>');
    expect(html).toContain('<meta name="description" content="Bio $1" />');
    expect(html).toContain('<meta property="og:image" content="https://x.example/api/files/1" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Default');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
});
