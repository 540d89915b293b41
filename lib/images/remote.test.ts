import { describe, expect, it } from 'vitest';
import { allowsPrivateImageHosts, isPrivateHost, remotePatternsFor } from './remote';

describe('remote images', () => {
  it('turns each configured origin into a next/image remote pattern', () => {
    const [pattern] = remotePatternsFor(['https://api.festival.example']);
    expect(pattern?.href).toBe('https://api.festival.example/**');
    expect(remotePatternsFor([])).toEqual([]);
  });

  it('knows loopback and private addresses, and allows them only when configured', () => {
    for (const host of ['localhost', '127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '169.254.169.254', '[::1]', 'fd00::1', 'fe80::1', '[::ffff:127.0.0.1]']) expect(isPrivateHost(host), host).toBe(true);
    for (const host of ['8.8.8.8', 'api.festival.example', '172.32.0.1']) expect(isPrivateHost(host), host).toBe(false);
    expect(allowsPrivateImageHosts(['https://api.festival.example'])).toBe(false);
    expect(allowsPrivateImageHosts(['https://api.festival.example', 'http://127.0.0.1:8000'])).toBe(true);
  });
});
