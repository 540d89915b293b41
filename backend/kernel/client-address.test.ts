import { describe, expect, it } from 'vitest';
import { parseBackendConfig } from './config';
import { parseTrustedProxies, rateLimitKey, resolveClientAddress, UNKNOWN_CLIENT, unknownClientWarning } from './client-address';

/**
 * Whose address a request is counted under. Forwarded headers are believed only as far as the
 * configured proxies (TRUSTED_PROXIES) vouch for them; otherwise the socket's address counts, and
 * with neither the request goes to the one shared bucket: limited, never unlimited.
 */
const none = parseTrustedProxies(undefined);
const oneHop = parseTrustedProxies('1');
const twoHops = parseTrustedProxies('2');
const list = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1');

describe('resolveClientAddress', () => {
  it('trusting no proxy: the socket address; a forwarded header changes nothing', () => {
    expect(resolveClientAddress({ forwardedFor: '198.51.100.1', peer: '203.0.113.9', trust: none })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: null, peer: '203.0.113.9', trust: none })).toBe('203.0.113.9');
  });

  it('trusting no proxy and no socket (behind Next): unknown, whatever the client claims', () => {
    expect(resolveClientAddress({ forwardedFor: '198.51.100.1', peer: undefined, trust: none })).toBeUndefined();
    expect(resolveClientAddress({ forwardedFor: 'unknown', peer: undefined, trust: none })).toBeUndefined();
    expect(resolveClientAddress({ forwardedFor: null, peer: undefined, trust: none })).toBeUndefined();
  });

  it('a hop count trusts that many proxies from the server end, like Express "trust proxy"', () => {
    // nginx (socket 127.0.0.1) appended the client to what the client sent.
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9', peer: '127.0.0.1', trust: oneHop })).toBe('203.0.113.9');
    // Behind Next there is no socket: the proxy in front of Next is the one trusted hop.
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9', peer: undefined, trust: oneHop })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: '203.0.113.9', peer: undefined, trust: oneHop })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9, 10.0.0.2', peer: '127.0.0.1', trust: twoHops })).toBe('203.0.113.9');
    // Fewer entries than hops: the leftmost one there is.
    expect(resolveClientAddress({ forwardedFor: '203.0.113.9', peer: '127.0.0.1', trust: twoHops })).toBe('203.0.113.9');
    // Nothing forwarded at all: the socket itself.
    expect(resolveClientAddress({ forwardedFor: null, peer: '203.0.113.9', trust: oneHop })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: null, peer: undefined, trust: oneHop })).toBeUndefined();
  });

  it('a list trusts the proxies it names: the first address from the right that is not one of them', () => {
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9, 10.1.2.3', peer: '127.0.0.1', trust: list })).toBe('203.0.113.9');
    // The socket is not a trusted proxy: the header is not believed.
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6', peer: '198.51.100.20', trust: list })).toBe('198.51.100.20');
    expect(resolveClientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9', peer: '::ffff:127.0.0.1', trust: list })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: '10.0.0.1, 10.0.0.2', peer: '127.0.0.1', trust: list })).toBe('10.0.0.1');
  });

  it('malformed entries are never a key: unknown', () => {
    expect(resolveClientAddress({ forwardedFor: 'unknown', peer: '127.0.0.1', trust: oneHop })).toBeUndefined();
    expect(resolveClientAddress({ forwardedFor: '<script>', peer: undefined, trust: oneHop })).toBeUndefined();
    expect(resolveClientAddress({ forwardedFor: '999.1.1.1', peer: undefined, trust: oneHop })).toBeUndefined();
    expect(resolveClientAddress({ forwardedFor: ' , ', peer: undefined, trust: oneHop })).toBeUndefined();
  });

  it('reads the address forms proxies write: ports, brackets, IPv4-mapped IPv6', () => {
    expect(resolveClientAddress({ forwardedFor: '203.0.113.9:51234', peer: undefined, trust: oneHop })).toBe('203.0.113.9');
    expect(resolveClientAddress({ forwardedFor: '[2001:db8::1]:443', peer: undefined, trust: oneHop })).toBe('2001:db8::1');
    expect(resolveClientAddress({ forwardedFor: null, peer: '::ffff:203.0.113.9', trust: none })).toBe('203.0.113.9');
  });
});

describe('rateLimitKey', () => {
  it('one bucket per IPv4 address, one per IPv6 /64 (a household or phone holds a whole /64), one for unknown', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe(rateLimitKey('2001:db8:1:2:bbbb::2'));
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
    expect(rateLimitKey(undefined)).toBe(UNKNOWN_CLIENT);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('accepts a hop count, or addresses and CIDR ranges (and the names loopback and private)', () => {
    expect(parseTrustedProxies('').kind).toBe('none');
    expect(parseTrustedProxies('0').kind).toBe('none');
    expect(parseTrustedProxies('3')).toMatchObject({ kind: 'hops', hops: 3 });
    expect(parseTrustedProxies('loopback, private').kind).toBe('list');
    expect(resolveClientAddress({ forwardedFor: '203.0.113.9, 192.168.1.4', peer: '127.0.0.1', trust: parseTrustedProxies('loopback, private') })).toBe('203.0.113.9');
  });

  it('refuses anything else at start, loudly', () => {
    for (const bad of ['yes', '10.0.0.0/33', '1.2.3', '-1', 'example.org']) {
      expect(() => parseBackendConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    }
    // The names every object inherits are no named range (issue 42: 'constructor' was "function is not iterable").
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(() => parseTrustedProxies(name), name).toThrow(`"${name}" is not an IP address, a CIDR range, loopback or private`);
    }
  });

  it('defaults to one hop on Vercel, which overwrites X-Forwarded-For with the client address, and to none elsewhere', () => {
    expect(parseBackendConfig({}).trustedProxies.kind).toBe('none');
    expect(parseBackendConfig({ VERCEL: '1' }).trustedProxies).toMatchObject({ kind: 'hops', hops: 1 });
    expect(parseBackendConfig({ VERCEL: '1', TRUSTED_PROXIES: '0' }).trustedProxies.kind).toBe('none');
  });
});

describe('unknownClientWarning (issue 32: logged once at start)', () => {
  const warningFor = (env: Record<string, string>, socket = false) => {
    const config = parseBackendConfig(env);
    return unknownClientWarning({ production: config.production, trust: config.trustedProxies, socket });
  };

  it('in production with no TRUSTED_PROXIES, not on Vercel and no socket of its own: a loud warning naming the setting', () => {
    expect(warningFor({ NODE_ENV: 'production' })).toMatch(/WARNING: TRUSTED_PROXIES is not set/);
    expect(warningFor({ NODE_ENV: 'production', TRUSTED_PROXIES: '0' })).toBeDefined();
  });

  it('nothing in development, with TRUSTED_PROXIES, on Vercel, or with a socket (the standalone server)', () => {
    expect(warningFor({})).toBeUndefined();
    expect(warningFor({ NODE_ENV: 'development' })).toBeUndefined();
    expect(warningFor({ NODE_ENV: 'production', TRUSTED_PROXIES: '1' })).toBeUndefined();
    expect(warningFor({ NODE_ENV: 'production', VERCEL: '1' })).toBeUndefined();
    expect(warningFor({ NODE_ENV: 'production' }, true)).toBeUndefined();
  });
});
