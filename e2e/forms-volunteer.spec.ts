import { expect, test } from '@playwright/test';
import { errorSummary, expectFieldError, expectNoAxeViolations, fillPerson, rowsWhere, uniqueEmail } from './support/forms';

test.describe('volunteer application form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/volunteer/apply');
  });

  test('an empty submit marks every required field and choice', async ({ page }) => {
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(errorSummary(page)).toBeFocused();
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'availability']) {
      await expectFieldError(page, name, 'This field is required');
    }
    await expectFieldError(page, 'roles', 'Please choose at least one role');
  });

  test('an application lands on its thank-you page and is stored', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'volunteer');
    await fillPerson(page, email);
    await page.getByRole('checkbox', { name: 'Media & Documentation Crew' }).check();
    await page.getByRole('checkbox', { name: 'Logistics & Hospitality' }).check();
    await page.getByRole('radio', { name: 'Both festival days' }).check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page).toHaveURL(/\/volunteer\/apply\/thank-you$/);
    const rows = rowsWhere('volunteer_applications', 'email', email);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]?.roles))).toEqual(['media-crew', 'logistics']);
    expect(rows[0]).toMatchObject({ availability: 'both-days' });
  });

  test('choices are kept after a failed submit', async ({ page }) => {
    await page.getByRole('checkbox', { name: 'Exhibition Guide' }).check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expectFieldError(page, 'email', 'This field is required');
    await expect(page.getByRole('checkbox', { name: 'Exhibition Guide' })).toBeChecked();
  });

  test('in its error state the page has no axe violations @js', async ({ page }) => {
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
