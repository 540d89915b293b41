import { describe, expect, it } from 'vitest';
import { renderReportMarkdown } from './markdown';
import { sanitizeBodyHtml, sanitizeReportHtml } from './sanitize';

/** Issue 32 (E): a report's images are this site's uploads; nothing else loads by itself. */
const MEDIA = '/api/media/0b7c6f0e-9a51-4c1b-8f7e-2d3c4b5a6978.jpg';

describe('report images come only from /api/media/', () => {
  it('keeps an uploaded image', () => {
    expect(renderReportMarkdown(`![The hall](${MEDIA})`)).toBe(`<p><img src="${MEDIA}" alt="The hall" /></p>`);
  });

  it('turns a remote image into a plain link: no tracking pixel, the address still there to follow', () => {
    const html = renderReportMarkdown('Before ![x](https://elsewhere.example/p.png) after');
    expect(html).not.toMatch(/<img/);
    expect(html).toBe('<p>Before <a href="https://elsewhere.example/p.png" rel="noopener noreferrer">x</a> after</p>');
    // No alt text: the address is the link's text.
    expect(renderReportMarkdown('![](http://tracker.example/1x1.gif)')).toBe(
      '<p><a href="http://tracker.example/1x1.gif" rel="noopener noreferrer">http://tracker.example/1x1.gif</a></p>',
    );
  });

  it('drops every other kind of image source, in Markdown or raw HTML', () => {
    for (const source of [
      '<img src="https://elsewhere.example/p.png" width="1" height="1">',
      '![x](//elsewhere.example/p.png)',
      '![x](data:image/gif;base64,R0lGODlhAQABAAAAACw=)',
      '![x](/api/media/../../elsewhere.png)',
      '![x](/images/content/a.webp)',
      `![x](${MEDIA}?track=1)`,
      '<img srcset="https://elsewhere.example/p.png 1x" alt="x">',
    ]) {
      expect(renderReportMarkdown(source), source).not.toMatch(/<img/);
    }
  });

  it('holds for report HTML stored before the rule, or from an external API (the page sanitises with it)', () => {
    const stored = `<p>a<img src="https://elsewhere.example/p.png" alt="<b>x</b>">b<img src="${MEDIA}" alt="ok"></p>`;
    expect(sanitizeReportHtml(stored)).toBe(
      `<p>a<a href="https://elsewhere.example/p.png" rel="noopener noreferrer">&lt;b&gt;x&lt;/b&gt;</a>b<img src="${MEDIA}" alt="ok" /></p>`,
    );
    // A dropped image leaves the markup after it whole (it used to close the next element as </dropped-image>).
    for (const [source, html] of [
      ['Hello <img src=x> *there*', '<p>Hello  <em>there</em></p>'],
      ['a <img src="javascript:alert(1)"> **b**', '<p>a  <strong>b</strong></p>'],
      ['<img> <em>z</em> <img src="data:image/png;base64,AAA">', '<p> <em>z</em> </p>'],
      ['![alt](https://elsewhere.example/p.gif) *y*', '<p><a href="https://elsewhere.example/p.gif" rel="noopener noreferrer">alt</a> <em>y</em></p>'],
    ]) {
      expect(renderReportMarkdown(source!), source).toBe(html);
    }
    // The general allow-list (event descriptions, other bodies) is unchanged.
    expect(sanitizeBodyHtml('<img src="/images/content/a.webp" alt="A" />')).toBe('<img src="/images/content/a.webp" alt="A" />');
  });
});
