import { describe, expect, it } from 'vitest';
import { hardenSetCookie, isHttpsDeployment } from './cookies';
import { parseSetCookie } from './observatory';

describe('cookie flags', () => {
  it('detects HTTPS from X-Forwarded-Proto or an https SITE_URL', () => {
    expect(isHttpsDeployment({ forwardedProto: 'https' })).toBe(true);
    expect(isHttpsDeployment({ forwardedProto: 'https, http' })).toBe(true);
    expect(isHttpsDeployment({ forwardedProto: 'http', siteUrl: 'https://itan.ng' })).toBe(true);
    expect(isHttpsDeployment({ forwardedProto: null, siteUrl: 'http://127.0.0.1:3000' })).toBe(false);
  });

  it('adds HttpOnly, SameSite=Lax and Secure without duplicating or overriding existing ones', () => {
    const hardened = parseSetCookie(hardenSetCookie('authToken=abc; Path=/', { secure: true }));
    expect(hardened).toEqual({ name: 'authToken', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(hardenSetCookie('a=1; SameSite=Strict; HttpOnly', { secure: false })).toBe('a=1; SameSite=Strict; HttpOnly');
    expect(hardenSetCookie('a=1; Secure', { secure: true })).toBe('a=1; Secure; HttpOnly; SameSite=Lax');
  });
});
