import { describe, expect, it } from 'vitest';
import { absoluteUrl, markdownToText } from './markdown-text';

describe('markdownToText (a campaign mail’s text part)', () => {
  it('keeps paragraphs, headings and list items apart, links with their address', () => {
    const text = markdownToText('# Hello & welcome\n\nFirst *para*.\n\n- one\n- [two](https://x.example/a?b=1&c=2)\n\nSee [the reports](/highlights).', 'https://festival.example');
    expect(text).toBe('Hello & welcome\n\nFirst para.\n\n- one\n- two (https://x.example/a?b=1&c=2)\n\nSee the reports (https://festival.example/highlights).');
  });

  it('drops raw HTML the allow-list drops, and never keeps a tag', () => {
    const text = markdownToText('Hi <script>alert(1)</script><b>there</b> <img src=x onerror=alert(1)>', 'https://festival.example');
    expect(text).toBe('Hi there');
    expect(text).not.toMatch(/[<>]/);
  });

  it('makes only this site’s relative addresses absolute', () => {
    expect(absoluteUrl('/api/media/a.jpg', 'https://f.example/')).toBe('https://f.example/api/media/a.jpg');
    expect(absoluteUrl('//evil.example/x', 'https://f.example')).toBe('//evil.example/x');
    expect(absoluteUrl('mailto:a@b.example', 'https://f.example')).toBe('mailto:a@b.example');
  });
});
