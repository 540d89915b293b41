import { describe, expect, it } from 'vitest';
import { FORM_POST_LIMIT_BYTES } from '@/contract/media/limits';
import { FORM_POST_TOO_LARGE, formPostTooLargeResponse, isOversizedFormPost } from './body-limit';

const headers = (h: Record<string, string>) => new Headers(h);

describe('isOversizedFormPost', () => {
  it('is a POST whose declared length passes the server actions’ limit', () => {
    expect(isOversizedFormPost('POST', headers({ 'content-length': String(FORM_POST_LIMIT_BYTES + 1) }))).toBe(true);
    expect(isOversizedFormPost('POST', headers({ 'content-length': String(FORM_POST_LIMIT_BYTES) }))).toBe(false);
    expect(isOversizedFormPost('POST', headers({}))).toBe(false);
  });
  it('leaves other methods, chunked bodies and nonsense lengths to Next', () => {
    expect(isOversizedFormPost('GET', headers({ 'content-length': String(FORM_POST_LIMIT_BYTES + 1) }))).toBe(false);
    expect(isOversizedFormPost('POST', headers({ 'content-length': String(FORM_POST_LIMIT_BYTES + 1), 'transfer-encoding': 'chunked' }))).toBe(false);
    expect(isOversizedFormPost('POST', headers({ 'content-length': '1e9' }))).toBe(false);
    expect(isOversizedFormPost('POST', headers({ 'content-length': '-5' }))).toBe(false);
  });
});

describe('formPostTooLargeResponse', () => {
  it('is a 413 page with the message, a way back, and nothing it could run', async () => {
    const res = formPostTooLargeResponse('/register');
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="en-NG">');
    expect(html).toContain(`<p>${FORM_POST_TOO_LARGE.message}</p>`);
    expect(html).toContain(`<a href="/register">${FORM_POST_TOO_LARGE.back}</a>`);
    expect(FORM_POST_TOO_LARGE.message).toContain('5 MB');
  });
  it('escapes the path it links back to', async () => {
    const html = await formPostTooLargeResponse('/x"><script>alert(1)</script>').text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/x&quot;&gt;&lt;script&gt;');
  });
});
