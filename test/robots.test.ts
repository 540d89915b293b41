import { describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import { PUBLIC_FORMS } from '@/contract/forms/public-forms';

describe('robots.txt', () => {
  it('keeps every public form’s thank-you pages, the API and the staff area out, and lets the rest in', () => {
    const rules = robots().rules;
    const rule = Array.isArray(rules) ? rules[0]! : rules;
    const disallow = ([] as string[]).concat(rule.disallow ?? []);
    for (const page of Object.values(PUBLIC_FORMS).flatMap((f) => f.thankYou)) expect(disallow, page).toContain(page);
    // The two that were missing from the hand-written list.
    expect(disallow).toEqual(expect.arrayContaining(['/contact/thank-you', '/register/waiting-list/thank-you', '/api/', '/staff']));
    for (const page of Object.values(PUBLIC_FORMS).map((f) => f.page)) expect(disallow).not.toContain(page);
    expect(([] as string[]).concat(rule.allow ?? [])).toContain('/');
  });
});
