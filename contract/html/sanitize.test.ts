import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeBodyHtml, truncateText } from './sanitize';

/** Payloads from the usual XSS cheat sheets: each must come out with nothing executable left. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<p>hi<script>alert(1)</script></p>',
  '<SCRIPT SRC=https://evil.test/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">d</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">s</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<link rel=stylesheet href=https://evil.test/x.css>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<p><a href="https://ok.test" onmouseover="alert(1)">nested <b onclick=x>bold</b></a></p>',
  '<img """><script>alert(1)</script>">',
  '<img src=`x` onerror=alert(1)',
  '<a href="//evil.test/steal">protocol relative</a>',
  '<div><p><ul><li><script>alert(1)</script></li></ul></p></div>',
];

/** What must never appear in sanitized output, whatever the payload. */
const FORBIDDEN = [
  /<script/i,
  /<\/script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /style=/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<link/i,
  /<meta/i,
  /<base/i,
  /<template/i,
  /<details/i,
  /href="\/\//i,
  /alert\(1\)<\/?[a-z]/i,
];

describe('sanitizeBodyHtml', () => {
  it.each(XSS_PAYLOADS)('leaves nothing executable in %s', (payload) => {
    const out = sanitizeBodyHtml(payload);
    for (const pattern of FORBIDDEN) expect(out).not.toMatch(pattern);
  });

  it('drops the text inside script, style and svg, not just the tags', () => {
    expect(sanitizeBodyHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeBodyHtml('<style>.x{}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeBodyHtml('<svg><text>hidden</text></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('keeps good prose markup as written', () => {
    const good =
      '<h2>Heading</h2><p>Some <strong>bold</strong> and <em>italic</em> text.</p>' +
      '<blockquote><p>A quote</p></blockquote><ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>' +
      '<img src="/images/content/a.webp" alt="A picture" />';
    expect(sanitizeBodyHtml(good)).toBe(good);
  });

  it('keeps safe links and gives every link rel="noopener noreferrer"', () => {
    expect(sanitizeBodyHtml('<a href="https://example.org/x">x</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="mailto:hi@example.org" rel="opener">m</a>')).toBe(
      '<a href="mailto:hi@example.org" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeBodyHtml('<a href="/highlights" target="_blank">in</a>')).toBe(
      '<a href="/highlights" rel="noopener noreferrer">in</a>',
    );
  });

  it('unwraps unknown tags but keeps their text, and demotes h1', () => {
    expect(sanitizeBodyHtml('<div><custom-el>text</custom-el></div>')).toBe('text');
    expect(sanitizeBodyHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });

  it('copes with malformed and non-string input', () => {
    expect(sanitizeBodyHtml('<p><b>unclosed')).toBe('<p><b>unclosed</b></p>');
    expect(sanitizeBodyHtml(undefined)).toBe('');
    expect(sanitizeBodyHtml(42)).toBe('');
    expect(sanitizeBodyHtml('')).toBe('');
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities and separates blocks', () => {
    expect(htmlToText('<p>a &amp; b</p><script>x()</script><p>c</p>')).toBe('a & b c');
  });
});

describe('truncateText', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('one two three four five', 12)).toBe('one two…');
  });
});
