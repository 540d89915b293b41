import { describe, expect, it } from 'vitest';
import { entryFormValues, entrySchema, type EntryField } from './entry-fields';

/** An entry's fields as a form posts them (text) and as they are kept (typed), one message per field. */
describe('entry fields (issue 40)', () => {
  const fields: EntryField[] = [
    { name: 'title', label: 'Title', kind: 'text', max: 10 },
    { name: 'code', label: 'Code', kind: 'text', pattern: { source: '[A-Z]{2}', message: 'Two capitals' }, optional: true },
    { name: 'year', label: 'Year', kind: 'integer', min: 2000, max: 2100 },
    { name: 'pin', label: 'Pin', kind: 'number', min: -90, max: 90, optional: true },
    { name: 'opens', label: 'Opens', kind: 'time', optional: true },
    { name: 'day', label: 'Day', kind: 'date', optional: true },
    { name: 'body', label: 'Body', kind: 'paragraphs', optional: true },
    { name: 'items', label: 'Items', kind: 'lines', max: 2, optional: true },
    { name: 'link', label: 'Link', kind: 'url', optional: true },
    { name: 'photo', label: 'Photo', kind: 'image', optional: true },
    { name: 'tier', label: 'Tier', kind: 'select', options: [{ value: 'a', label: 'A' }], optional: true },
  ];
  const schema = entrySchema(fields);
  const errors = (input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('keeps typed values from what a form posts, and leaves empty optional fields out', () => {
    const posted = { title: ' Àkẹ́ ', code: '', year: ' 2027 ', pin: '7.1597', opens: '09:30', day: '2027-10-24', body: 'One.\r\n\r\n  Two.\n', items: 'a\n\n b ', link: '', photo: '/api/media/00000000-0000-4000-8000-000000000000.jpg', tier: 'a' };
    const kept = schema.parse(posted);
    expect(kept).toEqual({ title: 'Àkẹ́', year: 2027, pin: 7.1597, opens: '09:30', day: '2027-10-24', body: ['One.', 'Two.'], items: ['a', 'b'], photo: '/api/media/00000000-0000-4000-8000-000000000000.jpg', tier: 'a' });
    // Kept values read back the same (the backend checks them again), and the form shows them as typed.
    expect(schema.parse(kept)).toEqual(kept);
    expect(entryFormValues(fields, kept)).toMatchObject({ body: 'One.\n\nTwo.', items: 'a\nb', year: '2027', code: '' });
  });

  it('refuses each wrong field with its own message', () => {
    expect(
      errors({ title: 'x'.repeat(11), code: 'ng', year: '20.5', pin: '91', opens: '24:00', day: '2027-02-30', items: 'a\nb\nc', link: 'javascript:alert(1)', photo: '//evil.example/x.jpg', tier: 'b' }),
    ).toEqual({
      title: 'Maximum 10 characters allowed',
      code: 'Two capitals',
      year: 'Enter a whole number from 2000 to 2100',
      pin: 'Enter a number from -90 to 90',
      opens: 'Enter a time as HH:MM, for example 09:30',
      day: 'Enter a date as YYYY-MM-DD',
      items: 'At most 2 lines',
      link: 'Enter a full web address, starting with https://',
      photo: 'Choose an image to upload.',
      tier: 'Invalid value',
    });
    expect(errors({ title: '  ', year: '' })).toEqual({ title: 'This field is required', year: 'This field is required' });
    expect(errors({ title: 'Line\nbreak', year: 2027 })).toEqual({ title: 'Invalid value' });
    expect(errors({ title: 'a\u0000b', year: 2027 })).toEqual({ title: 'Invalid value' });
    expect(errors({ title: { toString: 'x' }, year: [2027] })).toMatchObject({ title: expect.any(String), year: expect.any(String) });
  });
});
