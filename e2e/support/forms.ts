import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { renderDeferredParts } from './axe-scan';

/**
 * Shared by the form specs: unique answers per test, reading the built-in backend's SQLite file
 * (read-only) under the server's DATA_DIR, and the axe scan.
 */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for its servers)');
  return dir;
}

export function backendDbFile(dir = dataDir()): string {
  return path.join(dir, 'festival.sqlite');
}

/** Rows of one table matching a column, read from the backend's database file. */
export function rowsWhere(table: string, column: string, value: string | number, file = backendDbFile()): Array<Record<string, unknown>> {
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(value) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

let counter = 0;
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  counter += 1;
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, '');
  return `${label}.${project}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.ng`;
}

export const person = (email: string) => ({ firstName: 'Adaeze', lastName: 'Okafor', email, phone: '+234 803 123 4567' });

export async function fillPerson(page: Page, email: string): Promise<void> {
  const p = person(email);
  await page.getByLabel('First name').fill(p.firstName);
  await page.getByLabel('Last name').fill(p.lastName);
  await page.getByLabel('Email address', { exact: true }).first().fill(p.email);
  await page.getByLabel('Phone number').fill(p.phone);
}

/** The inline error of a field (its aria-describedby error), as text. */
export function fieldError(page: Page, name: string) {
  return page.locator(`#${name}-error`);
}

export async function expectFieldError(page: Page, name: string, message: string): Promise<void> {
  await expect(fieldError(page, name)).toHaveText(`Error: ${message}`);
  if (name !== 'amount' && name !== 'roles' && name !== 'availability') {
    await expect(page.locator(`#${name}`)).toHaveAttribute('aria-invalid', 'true');
  }
}

export function errorSummary(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'There is a problem' });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  await renderDeferredParts(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

export function submit(page: Page, name: RegExp | string) {
  return page.getByRole('button', { name }).click();
}
