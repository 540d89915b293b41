import { describe, expect, it } from 'vitest';
import { pagePostRefusal } from './page-post';
import { CROSS_SITE_FORM, UNREADABLE_FORM } from './refusal-page';

const SITE = 'https://festival.example';
const post = (body: BodyInit, headers: Record<string, string>) =>
  new Request(`${SITE}/contact`, { method: 'POST', body, headers: { host: 'festival.example', ...headers } });
const form = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';

describe('pagePostRefusal', () => {
  it('passes a well-formed post from this site, and every GET', async () => {
    expect(await pagePostRefusal(post(form, { origin: SITE, 'content-type': 'multipart/form-data; boundary=x' }), SITE)).toBeUndefined();
    expect(await pagePostRefusal(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' }), SITE)).toBeUndefined();
    expect(await pagePostRefusal(post('[{"device":{"id":"phone-0001"},"scans":[]}]', { 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' }), SITE)).toBeUndefined();
    const js = '--b0undary42\r\nContent-Disposition: form-data; name="_1_email"\r\n\r\na@example.org\r\n--b0undary42\r\nContent-Disposition: form-data; name="0"\r\n\r\n[{"status":"idle","errors":{},"values":{}},"$K1"]\r\n--b0undary42--\r\n';
    expect(await pagePostRefusal(post(js, { 'next-action': 'abc', 'content-type': 'multipart/form-data; boundary=b0undary42' }), SITE)).toBeUndefined();
    expect(await pagePostRefusal(new Request(`${SITE}/contact`, { headers: { origin: 'https://evil.example' } }), SITE)).toBeUndefined();
  });

  it('answers a post from another site 403, before reading it', async () => {
    const res = await pagePostRefusal(post(form, { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' }), SITE);
    expect(res?.status).toBe(403);
    expect(await res?.text()).toContain(CROSS_SITE_FORM.title);
  });

  it('answers a body that is not what it claims 400', async () => {
    for (const [body, headers] of [
      ['garbage', { 'content-type': 'multipart/form-data; boundary=x' }],
      ['--y\r\nnot a part', { 'content-type': 'multipart/form-data; boundary=y' }],
      ['{{', { 'next-action': 'abc', 'content-type': 'text/plain' }],
      ['{"a":1}', { 'next-action': 'abc', 'content-type': 'text/plain' }],
      ['hello', { 'content-type': 'text/plain' }],
      // Issue 42: arguments React cannot decode (a reference to a part the body does not hold, a kind
      // the site never sends), as the body's text or as multipart field 0, or no field 0 at all.
      ['["$Q1"]', { 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' }],
      ['["$K1"]', { 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' }],
      ['["$nx"]', { 'next-action': 'abc' }],
      ['--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$B1"]\r\n--x--\r\n', { 'next-action': 'abc', 'content-type': 'multipart/form-data; boundary=x' }],
      ['--x\r\nContent-Disposition: form-data; name="_1_a"\r\n\r\n1\r\n--x--\r\n', { 'next-action': 'abc', 'content-type': 'multipart/form-data; boundary=x' }],
      // Next reads a Next-Action post typed otherwise than exactly `multipart/form-data` as text.
      ['--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--x--\r\n', { 'next-action': 'abc', 'content-type': 'Multipart/Form-Data; boundary=x' }],
      // Without JavaScript: a bound action whose arguments are missing.
      ['--x\r\nContent-Disposition: form-data; name="$ACTION_REF_1"\r\n\r\n\r\n--x\r\nContent-Disposition: form-data; name="$ACTION_1:0"\r\n\r\n{"id":"ab","bound":"$@1"}\r\n--x--\r\n', { 'content-type': 'multipart/form-data; boundary=x' }],
    ] as const) {
      const res = await pagePostRefusal(post(body, headers), SITE);
      expect(res?.status, body).toBe(400);
      expect(await res?.text()).toContain(UNREADABLE_FORM.title);
    }
  });
});
