/**
 * Keyboard-only walk-throughs: the phone menu (open, move through it, choose a link) and the
 * registration form (fill every field and submit without a mouse), checking at every stop that
 * the focused element shows a visible focus indicator.
 */
import { expect, test, type Page } from '@playwright/test';
import { focusIndicator } from './page-checks';
import { uniqueEmail } from '../support/forms';

async function tabTo(page: Page, matches: (p: Page) => Promise<boolean>, max = 40): Promise<string[]> {
  const invisible: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIndicator(page);
    if (!focus.visible) invisible.push(focus.element);
    if (await matches(page)) return invisible;
  }
  throw new Error(`not reached within ${max} Tab presses`);
}

const MENU_TOGGLE = '[aria-label="Menu"], [aria-controls="mobile-menu"]';

test('phone menu: open with the keyboard, move through it, choose a link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = page.locator(MENU_TOGGLE).first();
  await expect(toggle, 'the phone header has no menu toggle ([aria-label="Menu"])').toBeAttached({ timeout: 5_000 });
  const invisible = await tabTo(page, () => toggle.evaluate((el) => el === document.activeElement));
  await page.keyboard.press('Enter');
  const about = page.locator('#mobile-menu a[href="/about"], nav[aria-label="Mobile"] a[href="/about"]').first();
  await expect(about).toBeVisible();
  invisible.push(...(await tabTo(page, () => about.evaluate((el) => el === document.activeElement), 12)));
  expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('#mobile-menu a[href="/about"], nav[aria-label="Mobile"] a[href="/about"]').first()).toBeHidden();
});

const VALUES: Record<string, string> = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  phone: '08031234567',
};

test('registration form: filled and sent with the keyboard alone', async ({ page }, testInfo) => {
  // One registration per address (REGISTRATIONS_PER_EMAIL): each project registers its own.
  const values: Record<string, string> = { ...VALUES, email: uniqueEmail(testInfo, 'keyboard') };
  await page.goto('/register');
  const form = page.locator('form:has(input[name="firstName"])').first();
  await expect(form).toBeVisible();
  const submit = form.locator('button[type="submit"], button:not([type])').last();
  const invisible: string[] = [];
  const filled = new Set<string>();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIndicator(page);
    if (!focus.visible) invisible.push(focus.element);
    const name = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    const value = values[name];
    if (value !== undefined && !filled.has(name)) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
      filled.add(name);
    }
    if (await submit.evaluate((el) => el === document.activeElement)) break;
  }
  expect([...filled].sort()).toEqual(Object.keys(values).sort());
  expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/thank-you/, { timeout: 15_000 });
});
