import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormState } from '@/contract/forms/form-state';
import type { WalkIn } from '@/contract/api/walk-ins';
import { WalkInForm } from './walk-in-form';

/**
 * The gate's walk-in form (issue 41) as the server renders it (JavaScript off): a titled section
 * whose form is labelled by its heading, the registration's fields with their labels and hints,
 * the key the page minted, and the places left in words.
 */
const action = async (state: FormState<WalkIn>) => state;

describe('the walk-in form', () => {
  it('is the registration’s fields under a “Walk-in” heading, with the page’s key and the places left', () => {
    const html = renderToStaticMarkup(<WalkInForm action={action} idempotencyKey="walk-in-key-0001" remaining={12} />);
    expect(html).toMatch(/<section class="[^"]*walkIn[^"]*" aria-labelledby="walk-in-title" data-testid="walk-in">/);
    expect(html).toContain('<h2 id="walk-in-title">Walk-in</h2>');
    expect(html).toMatch(/<form [^>]*aria-labelledby="walk-in-title"/);
    expect(html).toContain('<input type="hidden" name="idempotencyKey" value="walk-in-key-0001"/>');
    for (const [name, label] of [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email address'],
      ['phone', 'Phone number'],
      ['numberOfTickets', 'Number of wristbands'],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="${name}"[^>]*>${label}</label>`));
      expect(html).toMatch(new RegExp(`<input[^>]* (id="${name}"[^>]* name="${name}"|name="${name}"[^>]* id="${name}")`));
    }
    expect(html).toContain('From 1 to 10, one wristband each.');
    expect(html).toContain('data-remaining="12">12 wristbands left for this edition.</p>');
    expect(html).toContain('>Register and check in</button>');
    // The answer's live region is there before any answer, empty.
    expect(html).toContain('<div role="status" aria-live="polite" aria-atomic="true"></div>');
  });

  it('says when no wristbands are left, and nothing about places when there is no limit', () => {
    expect(renderToStaticMarkup(<WalkInForm action={action} idempotencyKey="walk-in-key-0002" remaining={0} />)).toContain(
      'No wristbands are left for this edition: a walk-in will be refused.',
    );
    expect(renderToStaticMarkup(<WalkInForm action={action} idempotencyKey="walk-in-key-0003" remaining={null} />)).not.toContain('walk-in-remaining');
  });

  it('while the gate is offline: says why, and the fields wait (disabled, keeping what was typed)', () => {
    const html = renderToStaticMarkup(<WalkInForm action={action} idempotencyKey="walk-in-key-0004" remaining={5} offline />);
    expect(html).toContain('No connection: a walk-in is registered by the server. Try again when the gate is back online.');
    expect(html).toMatch(/<fieldset class="[^"]*walkInFields[^"]*" disabled="">/);
    expect(renderToStaticMarkup(<WalkInForm action={action} idempotencyKey="walk-in-key-0005" remaining={5} />)).not.toContain('disabled=""');
  });
});
