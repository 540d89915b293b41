import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { donationStatusSchema, paymentReferenceSchema } from '@/contract/api/donations';
import { staffLoginFormSchema } from '@/contract/api/staff';
import { heroSchema } from '@/contract/content/schemas';
import { editionSchema } from '@/contract/edition';
import { MESSAGES } from '@/contract/forms/messages';
import { oneLineText, text } from './text';

const CONTRACT = join(process.cwd(), 'contract');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

/** Issue 42: NUL is refused by every text field of every schema in contract/, through one helper. */
describe('the base string schemas (contract/text.ts)', () => {
  it('text() refuses NUL with Invalid value, before its other checks, and is z.string() otherwise', () => {
    const schema = text().trim().min(3);
    expect(schema.safeParse('a\u0000bcd').error?.issues.map((i) => i.message)).toEqual([MESSAGES.invalid]);
    expect(schema.safeParse('\u0000').error?.issues.map((i) => i.message)).toEqual([MESSAGES.invalid]);
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(text({ error: 'Enter it' }).safeParse(3).error?.issues[0]?.message).toBe('Enter it');
  });

  it('oneLineText() applies the forms’ single-line rule and refuses every control character, NUL included', () => {
    for (const bad of ['a\r\nb', 'a\nb', 'a\u2028b', 'a\u202Eb', 'a\u0000b', 'a\u0007b']) {
      expect(oneLineText('One line, please').safeParse(bad).error?.issues.map((i) => i.message), JSON.stringify(bad)).toEqual(['One line, please']);
    }
    expect(oneLineText().parse('Tab\tand spaces are fine')).toBe('Tab\tand spaces are fine');
  });

  it('the request and response schemas refuse NUL in their text fields', () => {
    expect(paymentReferenceSchema.safeParse('itan-abc\u0000').success).toBe(false);
    expect(staffLoginFormSchema.safeParse({ email: 'ada@itan.example', password: 'secret\u0000' }).success).toBe(false);
    expect(heroSchema.safeParse({ title: 'Ìtàn\u0000', body: '', ctaText: 'Go', heroImage: '/a.jpg' }).success).toBe(false);
    const edition = { key: '2026', name: 'Ìtàn Festival 2026', number: 2, startDate: '2026-10-24', endDate: '2026-10-25', venue: 'Centenary Hall', capacity: null, registrationOpensAt: null, registrationClosesAt: '2026-10-25T23:00:00.000Z' };
    expect(editionSchema.safeParse(edition).success).toBe(true);
    expect(editionSchema.safeParse({ ...edition, venue: 'Centenary\u0000Hall' }).success).toBe(false);
    expect(editionSchema.safeParse({ ...edition, name: 'Ìtàn\u0000Festival' }).success).toBe(false);
    const status = { id: 'x', reference: 'itan-reference', status: 'failed', amount: 100, currency: 'NGN', channel: null, gatewayResponse: 'Declined\u0000', verified: true };
    expect(donationStatusSchema.safeParse(status).success).toBe(false);
  });

  it('no schema in contract/ builds a string with z.string(): every one uses text() (or textField)', () => {
    const offenders = sources(CONTRACT)
      .filter((file) => !file.endsWith(join('contract', 'text.ts')))
      .filter((file) => /\bz\s*\.\s*string\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(process.cwd(), file));
    expect(offenders, 'use text() from contract/text.ts').toEqual([]);
  });
});
