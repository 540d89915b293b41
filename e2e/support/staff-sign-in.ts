import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the staff sign-in page and waits for the page it leads to (`next`). When it
 * does not get there, the error says what the page said instead (an alert, a refusal, the sign-in
 * form again), so a failure on a loaded CI machine can be told from a real refusal.
 */
export async function signInAsStaff(page: Page, origin: string, staff: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${origin}/staff/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  const target = new RegExp(`${next.replace(/\//g, '\\/')}$`);
  try {
    await expect(page).toHaveURL(target, { timeout: 30_000 });
  } catch (error) {
    const said = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no main element)');
    const email = await form.getByLabel('Email address').inputValue({ timeout: 1_000 }).catch(() => '(no field)');
    throw new Error(`Sign-in did not reach ${next}; at ${page.url()}, the email field holds "${email}", the page says:\n${said.slice(0, 600)}`, { cause: error });
  }
}
