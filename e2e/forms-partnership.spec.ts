import { expect, test } from '@playwright/test';
import { errorSummary, expectFieldError, expectNoAxeViolations, fieldError, fillPerson, rowsWhere, uniqueEmail } from './support/forms';

const PROPOSAL =
  'A week of reading tents in five Abeokuta secondary schools before the festival, with our authors and your librarians.';

test.describe('partnership form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/partnerships');
  });

  test('an empty submit marks every required field; organisation is optional', async ({ page }) => {
    await page.getByRole('button', { name: 'Send proposal' }).click();
    await expect(errorSummary(page)).toBeFocused();
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'proposal']) {
      await expectFieldError(page, name, 'This field is required');
    }
    await expect(fieldError(page, 'organization')).toHaveCount(0);
  });

  test('a short proposal, bad email and bad phone get their exact messages', async ({ page }) => {
    await fillPerson(page, 'ada.example.ng');
    await page.getByLabel('Phone number').fill('080');
    await page.getByLabel('Your proposal').fill('Let us work together.');
    await page.getByRole('button', { name: 'Send proposal' }).click();
    await expectFieldError(page, 'email', 'Please enter a valid email address');
    await expectFieldError(page, 'phone', 'Please enter a valid phone number');
    await expectFieldError(
      page,
      'proposal',
      'Please provide detailed information about your partnership proposal (minimum 50 characters)',
    );
    await expect(page.getByLabel('Your proposal')).toHaveValue('Let us work together.');
  });

  test('a proposal lands on the thank-you page and is stored', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'partner');
    await fillPerson(page, email);
    await page.getByLabel(/Organisation/).fill('Ake Arts Trust');
    await page.getByLabel('Your proposal').fill(PROPOSAL);
    await page.getByRole('button', { name: 'Send proposal' }).click();
    await expect(page).toHaveURL(/\/partnerships\/thank-you$/);
    await expect(page.getByText(/within 5 business days/)).toBeVisible();
    const rows = rowsWhere('partnerships', 'email', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organization: 'Ake Arts Trust', proposal: PROPOSAL });
    expect(String(rows[0]?.submitted_at)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test('the live character count follows typing; on-blur check and clear on edit @js', async ({ page }) => {
    const count = page.getByTestId('char-count');
    await expect(count).toContainText('0 characters');
    await page.getByLabel('Your proposal').fill('Twelve chars');
    await expect(count).toContainText('12 characters: 38 more needed');
    await page.getByLabel('Your proposal').blur();
    await expectFieldError(page, 'proposal', 'Please provide detailed information about your partnership proposal (minimum 50 characters)');
    await page.getByLabel('Your proposal').fill(PROPOSAL);
    await expect(fieldError(page, 'proposal')).toHaveCount(0);
    await expect(count).toContainText(`${PROPOSAL.length} characters (minimum 50)`);
  });

  test('without JavaScript the count shows the minimum @nojs', async ({ page }) => {
    await expect(page.getByTestId('char-count')).toHaveText('At least 50 characters.');
  });

  test('in its error state the page has no axe violations @js', async ({ page }) => {
    await page.getByRole('button', { name: 'Send proposal' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
