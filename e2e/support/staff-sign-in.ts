import { expect, type Page } from '@playwright/test';

/** Signs in through the staff sign-in page and waits for the page it leads to (`next`). */
export async function signInAsStaff(page: Page, origin: string, staff: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${origin}/staff/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}$`));
}
