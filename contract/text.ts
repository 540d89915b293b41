import { z } from 'zod';
import { CONTROL_CHARACTERS, isOneLine } from './forms/checks';
import { MESSAGES } from './forms/messages';

/**
 * The contract's base string schemas (issue 42). Every text field of every schema in contract/ is
 * built on `text()` rather than `z.string()` (contract/text.test.ts fails on a `z.string(` anywhere
 * else), so NUL is refused everywhere: PostgreSQL cannot store it in text at all, and SQLite keeps
 * it and hands it to every page that shows the field. Fields built with textField
 * (contract/forms/rules.ts) refuse it with every other control character already.
 */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

type StringParams = Parameters<typeof z.string>[0];

/** z.string() that refuses NUL (U+0000) before any other check, with 'Invalid value'. */
export function text(params?: StringParams) {
  return z.string(params).refine(hasNoNul, { message: MESSAGES.invalid, abort: true });
}

/** A one-line text as the forms' one-line fields hold (checks.ts): no control character, no line break, no bidi control. */
export const isOneLineText = (value: string): boolean => !CONTROL_CHARACTERS.test(value) && isOneLine(value);

/**
 * A one-line field staff type outside textField (the edition's venue, a gate phone's name): the
 * visitor forms' single-line rule (isOneLine) and no control character, NUL included, checked on
 * the text as sent (before any trim), with `message`.
 */
export function oneLineText(message: string = MESSAGES.invalid, params?: StringParams) {
  // CONTROL_CHARACTERS holds NUL: one check, one message for the field.
  return z.string(params).refine(isOneLineText, { message, abort: true });
}
