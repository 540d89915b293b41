import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replyGreeting, startsWithGreeting } from '@/contract/api/inbox';
import { ROLE_LABELS } from '@/contract/content/kinds';
import { VOLUNTEER_ROLE_IDS } from '@/contract/festival';
import { DONATION_FIELD_LABELS } from '@/contract/forms/donation-messages';
import { summaryLine } from '@/contract/forms/form-state';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './messages';

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the reply greeting (issue 43)', () => {
  it('the mail greets by first name, as the reply form shows', () => {
    expect(replyGreeting('Kemi')).toBe('Dear Kemi,');
  });

  it('a reply that already greets is recognised; one that does not, is not', () => {
    for (const body of ['Dear Kemi,\n\nThanks.', '  dear Kemi, thanks', 'Hello Kemi,', 'Hi Kemi', 'Hi,\nYes.', 'Good morning Kemi,', 'Hey there', 'Greetings from the team']) {
      expect(startsWithGreeting(body), body).toBe(true);
    }
    for (const body of ['Thank you, Kemi.', 'Yes.\nDear Kemi,', 'Highlights go up next week.', 'History is on our side', 'Goodness, what a proposal', 'We are delighted. Dear Kemi']) {
      expect(startsWithGreeting(body), body).toBe(false);
    }
  });
});

describe('codes shown as words (issue 43)', () => {
  it('every volunteer role has words', () => {
    for (const id of VOLUNTEER_ROLE_IDS) expect(ROLE_LABELS[id]).toMatch(/^[A-Z][^-]+$/);
  });

  it('every audit action the backend records has a sentence on /staff/audit', () => {
    const root = path.resolve(__dirname, '../../backend');
    const actions = new Set<string>();
    for (const file of filesUnder(root).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/action: '([a-z-]+\.[a-z-]+)'/g)) actions.add(m[1]!);
      for (const m of source.matchAll(/'([a-z-]+\.[a-z-]+)' : '([a-z-]+\.[a-z-]+)'/g)) {
        actions.add(m[1]!);
        actions.add(m[2]!);
      }
    }
    // report.${verb}: publish and unpublish (backend/reports/service.ts REPORT_STATUS_CHANGES).
    actions.add('report.publish');
    actions.add('report.unpublish');
    expect(actions.size).toBeGreaterThan(25);
    const missing = [...actions].filter((a) => !Object.hasOwn(AUDIT_ACTION_LABELS, a));
    expect(missing).toEqual([]);
    for (const a of actions) expect(auditActionLabel(a)).not.toContain('.');
  });

  it('a code with no label still reads as words', () => {
    expect(auditActionLabel('event.update')).toBe('Changed an event card');
    expect(auditActionLabel('waiting-list.offer-withdrawn')).toBe('Waiting list: offer withdrawn');
    expect(auditActionLabel('backup')).toBe('Backup');
  });
});

describe('the error summary names each field (issue 43, GOV.UK)', () => {
  it('a generic message is led by its field; one that names its field already is left alone', () => {
    expect(summaryLine(DONATION_FIELD_LABELS.firstName, 'This field is required')).toBe('First name: This field is required');
    expect(summaryLine(DONATION_FIELD_LABELS.city, 'This field is required')).toBe('Town or city: This field is required');
    expect(summaryLine(DONATION_FIELD_LABELS.email, 'Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(summaryLine(DONATION_FIELD_LABELS.cardNumber, 'Card number is required')).toBe('Card number is required');
    expect(summaryLine(DONATION_FIELD_LABELS.amount, 'Minimum donation amount is ₦100')).toBe('Minimum donation amount is ₦100');
    expect(summaryLine(undefined, 'This field is required')).toBe('This field is required');
  });
});
