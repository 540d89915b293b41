import { describe, expect, it } from 'vitest';
import { editionStatus, type Edition } from './edition';
import { EDITION_TEXT, editionCallToAction, festivalToday, headerAction, registrationAction } from './edition-text';

const edition: Edition = {
  key: '2026',
  name: 'Ìtàn Festival 2026',
  number: 2,
  startDate: '2026-10-24',
  endDate: '2026-10-25',
  venue: 'Centenary Hall, Ake, Abeokuta',
  capacity: 10,
  registrationOpensAt: '2026-09-01T08:00:00.000Z',
  registrationClosesAt: '2026-10-25T23:00:00.000Z',
};
const closesEarly: Edition = { ...edition, registrationClosesAt: '2026-10-20T23:00:00.000Z' };

/** The status at `iso` with `remaining` places; the waiting list exists (the built-in backend). */
const statusAt = (iso: string, remaining: number | null = 5, e: Edition = edition, waitingList = true) => editionStatus(e, new Date(iso), remaining, waitingList);

const options = { registrationUrl: '/register', registerLabel: 'Register for free' };
const kinds = (cta: { actions: { kind: string }[] }) => cta.actions.map((a) => a.kind);

describe('what the home page says and offers, phase by phase', () => {
  it('announced: when registration opens, a newsletter reminder, no Register', () => {
    const cta = editionCallToAction(statusAt('2026-08-01T12:00:00Z'), options);
    expect(cta.phase).toBe('announced');
    expect(cta.message).toBe('Registration opens on 1 September 2026, 09:00 (Lagos time).');
    expect(cta.actions).toEqual([{ kind: 'newsletter', href: '#newsletter', label: 'Get a reminder: newsletter' }]);
    expect(cta.offersRegistration).toBe(false);
    expect(cta.registrationAhead).toBe(true);
  });

  it('open: Register (the hero’s own label), no message', () => {
    const cta = editionCallToAction(statusAt('2026-10-01T12:00:00Z'), options);
    expect(cta.message).toBeUndefined();
    expect(cta.actions).toEqual([{ kind: 'register', href: '/register', label: 'Register for free' }]);
    expect(cta.offersRegistration).toBe(true);
    // The external form when configured.
    expect(editionCallToAction(statusAt('2026-10-01T12:00:00Z'), { registrationUrl: 'https://forms.example/r' }).actions[0]).toEqual({
      kind: 'register',
      href: 'https://forms.example/r',
      label: 'Register',
    });
  });

  it('sold out: all claimed, the waiting list on /register (none without a waiting list)', () => {
    const cta = editionCallToAction(statusAt('2026-10-01T12:00:00Z', 0), options);
    expect(cta.message).toBe('All wristbands have been claimed.');
    expect(cta.actions).toEqual([{ kind: 'waiting-list', href: '/register', label: 'Join the waiting list' }]);
    expect(cta.offersRegistration).toBe(true);
    const external = editionCallToAction(statusAt('2026-10-01T12:00:00Z', 0, edition, false), options);
    expect(external.actions).toEqual([]);
    expect(external.offersRegistration).toBe(false);
  });

  it('closed: closed, the programme and the visit, no registration', () => {
    const cta = editionCallToAction(statusAt('2026-10-22T12:00:00Z', 5, closesEarly), options);
    expect(cta.phase).toBe('closed');
    expect(cta.message).toBe('Registration has closed.');
    expect(cta.actions.map((a) => a.href)).toEqual(['/programme', '/visit']);
    expect(cta.offersRegistration).toBe(false);
    expect(cta.registrationAhead).toBe(false);
  });

  it('live: on today, today’s programme first; Register only while registration is still open', () => {
    const open = editionCallToAction(statusAt('2026-10-24T12:00:00Z'), options);
    expect(open.message).toBe('The festival is on today.');
    expect(open.actions[0]).toEqual({ kind: 'programme', href: '/programme', label: 'Today’s programme' });
    expect(kinds(open)).toEqual(['programme', 'register']);
    expect(kinds(editionCallToAction(statusAt('2026-10-24T12:00:00Z', 0), options))).toEqual(['programme', 'waiting-list']);
    expect(kinds(editionCallToAction(statusAt('2026-10-24T12:00:00Z', 5, closesEarly), options))).toEqual(['programme']);
  });

  it('after: ended with thanks, the highlights and the newsletter for next year’s dates; no Register anywhere', () => {
    const cta = editionCallToAction(statusAt('2026-10-26T12:00:00Z'), options);
    expect(cta.phase).toBe('after');
    expect(cta.message).toBe('Ìtàn Festival 2026 has ended. Thank you to everyone who came!');
    expect(cta.actions.map((a) => [a.kind, a.href])).toEqual([
      ['highlights', '/highlights'],
      ['newsletter', '#newsletter'],
    ]);
    expect(cta.offersRegistration).toBe(false);
    expect(registrationAction(statusAt('2026-10-26T12:00:00Z'), options)).toBeUndefined();
  });
});

describe('the header’s button', () => {
  it('Register while open (the external form on desktop when configured, /register on the phone)', () => {
    expect(headerAction(statusAt('2026-10-01T12:00:00Z'), '/register')).toEqual({ href: '/register', compactHref: '/register', label: 'Register' });
    expect(headerAction(statusAt('2026-10-01T12:00:00Z'), 'https://forms.example/r')?.href).toBe('https://forms.example/r');
  });

  it('"Waiting list" to /register while sold out', () => {
    expect(headerAction(statusAt('2026-10-01T12:00:00Z', 0), 'https://forms.example/r')).toEqual({ href: '/register', compactHref: '/register', label: 'Waiting list' });
  });

  it('none when announced, closed or after (an external form too); the programme on the days once registration is over', () => {
    for (const s of [statusAt('2026-08-01T12:00:00Z'), statusAt('2026-10-22T12:00:00Z', 5, closesEarly), statusAt('2026-10-26T12:00:00Z')]) {
      expect(headerAction(s, '/register')).toBeUndefined();
      expect(headerAction(s, 'https://forms.example/r')).toBeUndefined();
    }
    expect(headerAction(statusAt('2026-10-24T12:00:00Z', 5, closesEarly), '/register')).toEqual({ href: '/programme', compactHref: '/programme', label: 'Programme' });
    expect(headerAction(statusAt('2026-10-24T12:00:00Z'), '/register')?.label).toBe('Register');
  });
});

describe('today, while live', () => {
  it('is the Lagos date of the status’s clock, only while the festival is on', () => {
    // 23:30 UTC on the 24th is already the 25th in Lagos.
    expect(festivalToday(statusAt('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(festivalToday(statusAt('2026-10-24T08:00:00Z'))).toBe('2026-10-24');
    expect(festivalToday(statusAt('2026-10-01T12:00:00Z'))).toBeUndefined();
    expect(festivalToday(statusAt('2026-10-26T12:00:00Z'))).toBeUndefined();
    expect(EDITION_TEXT.today).toBe('Today');
  });
});
