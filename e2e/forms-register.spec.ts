import { expect, test } from '@playwright/test';
import {
  errorSummary,
  expectFieldError,
  expectNoAxeViolations,
  fieldError,
  fillPerson,
  rowsWhere,
  uniqueEmail,
} from './support/forms';

const REQUIRED = 'This field is required';

test.describe('registration form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/register');
  });

  test('says it is free and the ticket maximum', async ({ page }) => {
    await expect(page.getByText('Maximum 10 tickets per registration')).toBeVisible();
    await expect(page.getByText(/Registration is free/)).toBeVisible();
    await expect(page.getByText(/48-hour festival/)).toBeVisible();
  });

  test('an empty submit marks every required field, with a focused summary linking to them', async ({ page }) => {
    await page.getByLabel('Number of tickets').fill('');
    await page.getByRole('button', { name: 'Register' }).click();
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'numberOfTickets']) {
      await expectFieldError(page, name, REQUIRED);
    }
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(5);
    await expect(summary.getByRole('link').first()).toHaveAttribute('href', '#firstName');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('bad email, bad phone, 0 and 11 tickets get their exact messages; answers are kept', async ({ page }) => {
    await fillPerson(page, 'not-an-email');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByLabel('Number of tickets').fill('0');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectFieldError(page, 'email', 'Please enter a valid email address');
    await expectFieldError(page, 'phone', 'Please enter a valid phone number');
    await expectFieldError(page, 'numberOfTickets', 'Number of tickets must be between 1 and 10');
    await expect(page.getByLabel('First name')).toHaveValue('Adaeze');
    await expect(page.locator('main').getByLabel('Email address')).toHaveValue('not-an-email');
    await expect(fieldError(page, 'firstName')).toHaveCount(0);

    await page.getByLabel('Number of tickets').fill('11');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectFieldError(page, 'numberOfTickets', 'Number of tickets must be between 1 and 10');
  });

  test('a valid registration lands on the thank-you page and is stored', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'register');
    await fillPerson(page, email);
    await page.getByLabel('Number of tickets').fill('3');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/registration\/thank-you\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for registering!');
    await expect(page.getByTestId('festival-dates')).toHaveText('24–25 October 2025');
    await expect(page.getByText('October 15-22, 2025')).toHaveCount(0);
    await expect(page.getByTestId('ticket-count')).toHaveText('3 tickets');
    const reference = (await page.getByTestId('ticket-reference').textContent())?.trim() ?? '';
    await expect(page.getByRole('link', { name: /calendar/i })).toHaveAttribute('href', '/festival.ics');

    const rows = rowsWhere('registrations', 'email', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: 'Adaeze', last_name: 'Okafor', number_of_tickets: 3, ticket_reference: reference });
  });

  test('the thank-you page shows only well-formed query values', async ({ page }) => {
    await page.goto('/registration/thank-you?ref=%3Cscript%3Ealert(1)%3C/script%3E&tickets=99');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for registering!');
    await expect(page.getByTestId('ticket-reference')).toHaveCount(0);
    await expect(page.getByTestId('ticket-count')).toHaveCount(0);
    await expect(page.getByTestId('festival-dates')).toHaveText('24–25 October 2025');
  });

  test('the same form posted twice creates one registration @nojs', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'twice');
    await fillPerson(page, email);
    // Capture the form exactly as the browser would post it, then post it twice.
    const fields = await page.locator('form[aria-labelledby="register-title"]').evaluate((form) =>
      [...new FormData(form as HTMLFormElement).entries()].map(([k, v]) => [k, String(v)] as const),
    );
    const multipart = Object.fromEntries(fields);
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post('/register', { multipart, maxRedirects: 0 });
      expect(response.status()).toBeLessThan(400);
    }
    expect(rowsWhere('registrations', 'email', email)).toHaveLength(1);
  });

  test('on-blur checks and clearing on edit @js', async ({ page }) => {
    await page.locator('main').getByLabel('Email address').fill('nope');
    await page.locator('main').getByLabel('Email address').blur();
    await expectFieldError(page, 'email', 'Please enter a valid email address');
    await page.locator('main').getByLabel('Email address').press('End');
    await page.locator('main').getByLabel('Email address').pressSequentially('@');
    await expect(fieldError(page, 'email')).toHaveCount(0);
    await expect(page.locator('main').getByLabel('Email address')).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('First name').focus();
    await page.getByLabel('First name').blur();
    await expectFieldError(page, 'firstName', 'This field is required');

    // Server errors clear on edit too.
    await page.getByRole('button', { name: 'Register' }).click();
    await expectFieldError(page, 'phone', 'This field is required');
    await page.getByLabel('Phone number').pressSequentially('0');
    await expect(fieldError(page, 'phone')).toHaveCount(0);
  });

  test('the stepper starts at 1, clamps to 1–10 and disables its buttons at the bounds @js', async ({ page }) => {
    const input = page.getByLabel('Number of tickets');
    const fewer = page.getByRole('button', { name: 'Fewer tickets' });
    const more = page.getByRole('button', { name: 'More tickets' });
    await expect(input).toHaveValue('1');
    await expect(fewer).toBeDisabled();
    await expect(more).toBeEnabled();
    for (let i = 0; i < 12; i++) if (await more.isEnabled()) await more.click();
    await expect(input).toHaveValue('10');
    await expect(more).toBeDisabled();
    await fewer.click();
    await expect(input).toHaveValue('9');
    await expect(more).toBeEnabled();
    // A typed value beyond the range steps back into it.
    await input.fill('25');
    await fewer.click();
    await expect(input).toHaveValue('10');
  });

  test('without JavaScript the stepper is a plain number input @nojs', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'More tickets' })).toHaveCount(0);
    const input = page.getByLabel('Number of tickets');
    await expect(input).toHaveAttribute('type', 'number');
    await expect(input).toHaveValue('1');
    await expect(input).toHaveAttribute('min', '1');
    await expect(input).toHaveAttribute('max', '10');
  });

  test('in its error state the page has no axe violations @js', async ({ page }) => {
    await page.locator('main').getByLabel('Email address').fill('bad');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
