import { describe, expect, it } from 'vitest';
import type { GatePack } from '@/contract/api/gate';
import { keptPack } from './pack-answer';

/** What a gate phone keeps after each kind of download answer (issue 41). */
const pack = (issuedAt: string, tickets: GatePack['tickets'] = []): GatePack => ({
  issuedAt,
  edition: { key: '2025', startDate: '2025-10-24', endDate: '2025-10-25' },
  publicKey: { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) },
  salt: 'a-salt-of-some-length',
  tickets,
  counts: { registrations: 1, wristbands: 2, checkedInRegistrations: 0, checkedInWristbands: 0 },
  duplicates: [],
});

describe('the pack a gate phone keeps', () => {
  const held = { pack: pack('2025-10-24T08:00:00.000Z', [['abcdef', 2, 0]]), etag: '"tag-1"' };

  it('a new pack replaces the one held, with its ETag (or none)', () => {
    const fresh = pack('2025-10-24T08:01:00.000Z', [['abcdef', 2, 1]]);
    expect(keptPack(held, { ok: true, changed: true, pack: fresh, etag: '"tag-2"' })).toEqual({ pack: fresh, etag: '"tag-2"' });
    expect(keptPack(undefined, { ok: true, changed: true, pack: fresh, etag: null })).toEqual({ pack: fresh, etag: null });
  });

  it('unchanged: the same pack and ETag, issued at the answer’s time', () => {
    const kept = keptPack(held, { ok: true, changed: false, issuedAt: '2025-10-24T08:05:00.000Z' });
    expect(kept).toEqual({ pack: { ...held.pack, issuedAt: '2025-10-24T08:05:00.000Z' }, etag: '"tag-1"' });
    expect(held.pack.issuedAt).toBe('2025-10-24T08:00:00.000Z');
    expect(keptPack(undefined, { ok: true, changed: false, issuedAt: '2025-10-24T08:05:00.000Z' })).toBeUndefined();
  });
});
