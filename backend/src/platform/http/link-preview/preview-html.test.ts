import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { inlineScriptHashes } from '../security/security-headers';
import { IndexTemplate } from './index-template';
import { type LinkPreview, previewText } from './link-preview';
import { escapeHtml, isLoopbackUrl, previewBase, previewTags, withPreview } from './preview-html';

const INDEX = [
  '<!doctype html><html lang="en"><head>',
  '<meta charset="UTF-8" />',
  '<meta name="description" content="generic" />',
  '<meta property="og:title" content="DeenConnect" />',
  '<meta\n  property="og:description"\n  content="generic, on two lines"\n/>',
  '<meta name="twitter:card" content="summary" />',
  '<meta name="theme-color" content="#0f6e4f" />',
  '<title>DeenConnect</title>',
  '<script>(function () { var t = "<title>keep</title>"; })();</script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const preview = (over: Partial<LinkPreview> = {}): LinkPreview => ({
  path: '/post/p1',
  title: 'Title',
  description: 'Text',
  type: 'article',
  image: null,
  ...over,
});

describe('link preview pages', () => {
  it('replaces the generic title, description, Open Graph and Twitter tags, and keeps everything else', () => {
    const html = withPreview(INDEX, preview(), 'https://dc.example')!;
    expect(html.match(/<title>/g)).toHaveLength(2); // the preview's, and the one inside the script
    expect(html).toContain('<title>Title</title>');
    expect(html).not.toContain('generic');
    expect(html).toContain('<meta name="theme-color" content="#0f6e4f" />');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(INDEX));
    expect(html.indexOf('og:url')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers null for a page without a head, so the plain file goes out', () => {
    expect(withPreview('<html><body></body></html>', preview(), 'https://dc.example')).toBeNull();
  });

  it('escapes every character that could leave an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
    const tags = previewTags(preview({ title: '"/><script>', description: "'><img src=x onerror=a()>" }), 'https://d');
    expect(tags).not.toMatch(/<script|<img/);
  });

  it('offers only a path on this site as the picture: never another host, scheme-relative or not', () => {
    for (const path of ['//evil.example/x.png', 'https://evil.example/x.png', 'javascript:alert(1)']) {
      const tags = previewTags(preview({ image: { path, width: 1, height: 1, alt: '' } }), 'https://dc.example');
      expect(tags).not.toContain('evil');
      expect(tags).not.toContain('javascript');
      expect(tags).toContain('content="https://dc.example/icons/icon-512.png"');
      expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    }
    const square = previewTags(
      preview({ image: { path: '/media/profiles/a.png', width: null, height: null, alt: '' }, imageShape: 'square' }),
      'https://dc.example',
    );
    expect(square).toContain('content="summary"');
    expect(square).not.toContain('og:image:width');
  });

  it('reads Arabic text as Arabic', () => {
    expect(previewTags(preview({ description: 'السلام عليكم ورحمة الله' }), 'https://d')).toContain(
      '<meta property="og:locale" content="ar_AR" />',
    );
  });

  it('takes the base from the configured address, without a trailing slash', () => {
    expect(previewBase('https://dc.example/')).toBe('https://dc.example');
    expect(previewBase('https://dc.example:8443/app/')).toBe('https://dc.example:8443/app');
    expect(previewBase('http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('tells a loopback address (the PUBLIC_URL default) from a public one', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['https://deenconnect.example', 'https://localhost.example.com', 'http://10.0.0.5:3000'])
      expect(isLoopbackUrl(url)).toBe(false);
  });
});

describe('previewText', () => {
  it('makes one line of the text, without control characters', () => {
    expect(previewText('  a\n\n b\u0000c\t d  ')).toBe('a b c d');
    expect(previewText(null)).toBe('');
  });

  it('cuts at a word near the limit, never inside a character', () => {
    const cut = previewText('word '.repeat(60), 50);
    expect(Array.from(cut).length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^word( word)+…$/);
    const emoji = previewText('🌙'.repeat(300), 200);
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('🌙…')).toBe(true);
  });
});

describe('IndexTemplate', () => {
  it('reads the page once, and again only while it is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-template-'));
    try {
      const template = new IndexTemplate(dir);
      expect(template.get()).toBeNull();
      writeFileSync(join(dir, 'index.html'), 'first');
      expect(template.get()).toBe('first');
      writeFileSync(join(dir, 'index.html'), 'second');
      expect(template.get()).toBe('first');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
