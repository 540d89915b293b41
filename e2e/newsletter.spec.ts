import { expect, test, type Page } from '@playwright/test';
import { rowsWhere, uniqueEmail } from './support/forms';

const SUCCESS = 'Successfully subscribed! Thank you.';
const ERROR = 'Subscription failed. Please try again.';

function parts(page: Page) {
  const form = page.locator('form#newsletter');
  return {
    form,
    email: form.getByLabel('Email address'),
    button: form.getByRole('button', { name: 'Subscribe' }),
    status: form.getByTestId('newsletter-status'),
  };
}

test.describe('newsletter form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/partnerships/thank-you');
  });

  test('subscribes, shows the success text and stores the address', async ({ page }, testInfo) => {
    const { email, button, status } = parts(page);
    const address = uniqueEmail(testInfo, 'news');
    await email.fill(address);
    await button.click();
    await expect(status).toHaveText(SUCCESS);
    await expect(parts(page).email).toHaveValue('');
    // Double opt-in (issue 31): stored unconfirmed, and a confirmation mail queued for it.
    const rows = rowsWhere('newsletter_subscriptions', 'email', address);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmed_at).toBeNull();
    expect(rowsWhere('outbox', 'recipient', address).map((r) => r.kind)).toEqual(['newsletterConfirm']);
  });

  test('subscribing twice keeps one subscription', async ({ page }, testInfo) => {
    const address = uniqueEmail(testInfo, 'twice');
    for (let i = 0; i < 2; i++) {
      await parts(page).email.fill(address);
      await parts(page).button.click();
      await expect(parts(page).status).toHaveText(SUCCESS);
    }
    expect(rowsWhere('newsletter_subscriptions', 'email', address)).toHaveLength(1);
    // Asking again within minutes mails nothing more: one confirmation mail.
    expect(rowsWhere('outbox', 'recipient', address).filter((r) => r.kind === 'newsletterConfirm')).toHaveLength(1);
  });

  test('an invalid address shows the error text and its reason', async ({ page }) => {
    await parts(page).email.fill('not-an-address');
    await parts(page).button.click();
    await expect(parts(page).status).toHaveText(ERROR);
    await expect(page.locator('#newsletter-email-error')).toHaveText('Error: Please enter a valid email address');
    await expect(parts(page).email).toHaveValue('not-an-address');
  });

  test('the button is disabled while the email is blank @js', async ({ page }) => {
    const { email, button } = parts(page);
    await expect(button).toBeDisabled();
    await email.fill('   ');
    await expect(button).toBeDisabled();
    await email.fill('a@example.ng');
    await expect(button).toBeEnabled();
    await email.fill('');
    await expect(button).toBeDisabled();
  });

  test('without JavaScript the button stays enabled @nojs', async ({ page }) => {
    await expect(parts(page).button).toBeEnabled();
  });

  test('success and error revert to idle after 3 seconds @js', async ({ page }, testInfo) => {
    const { email, button, status, form } = parts(page);
    // Time the status in the page itself: the test runner's clock drifts when the machine is busy.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="newsletter-status"]')!;
      const times: { text: string; at: number }[] = [];
      (window as unknown as { statusTimes: typeof times }).statusTimes = times;
      new MutationObserver(() => times.push({ text: el.textContent ?? '', at: performance.now() })).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await email.fill(uniqueEmail(testInfo, 'revert'));
    await button.click();
    await expect(status).toHaveText(SUCCESS);
    await expect(form).toHaveAttribute('data-state', 'success');
    await expect(button).toBeDisabled(); // email cleared, so blank again
    await expect(status).toHaveText('', { timeout: 5_000 });
    await expect(form).toHaveAttribute('data-state', 'idle');
    const times = await page.evaluate(() => (window as unknown as { statusTimes: { text: string; at: number }[] }).statusTimes);
    const shown = times.find((t) => t.text === SUCCESS);
    const cleared = times.find((t) => shown && t.at > shown.at && t.text === '');
    expect(shown && cleared, JSON.stringify(times)).toBeTruthy();
    expect(cleared!.at - shown!.at).toBeGreaterThanOrEqual(2_950);

    await email.fill('broken@');
    await button.click();
    await expect(status).toHaveText(ERROR);
    await expect(form).toHaveAttribute('data-state', 'error');
    await expect(status).toHaveText('', { timeout: 4_000 });
    await expect(form).toHaveAttribute('data-state', 'idle');
  });
});
