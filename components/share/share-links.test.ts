import { describe, expect, it } from 'vitest';
import { buildShareLinks } from './share-links';

describe('buildShareLinks', () => {
  const links = buildShareLinks('https://itan.example/highlights/a?x=1&y=2', 'Aké & friends');
  const byId = Object.fromEntries(links.map((l) => [l.id, new URL(l.href)]));

  it('offers WhatsApp, X, Facebook and email', () => {
    expect(links.map((l) => l.label)).toEqual(['WhatsApp', 'X', 'Facebook', 'Email']);
  });

  it('encodes the URL and title so each service receives them intact', () => {
    expect(byId.whatsapp!.searchParams.get('text')).toBe('Aké & friends https://itan.example/highlights/a?x=1&y=2');
    expect(byId.x!.searchParams.get('url')).toBe('https://itan.example/highlights/a?x=1&y=2');
    expect(byId.x!.searchParams.get('text')).toBe('Aké & friends');
    expect(byId.facebook!.searchParams.get('u')).toBe('https://itan.example/highlights/a?x=1&y=2');
    expect(byId.email!.protocol).toBe('mailto:');
    expect(decodeURIComponent(links[3]!.href)).toContain('subject=Aké & friends');
  });
});
