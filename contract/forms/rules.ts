import { z } from 'zod';
import { checkNumber, checkText, type FieldRules, type NumberRules, type TextRules } from './checks';

/**
 * zod wrappers around the plain checks (checks.ts): a field reports only its first failing check,
 * so every schema built from these gives exactly one message per field, the same on the form, in
 * the browser's on-blur check and in the backend.
 */
export * from './checks';

/** A trimmed text field. Non-text input (objects, arrays, booleans) is 'Invalid value'. */
export function textField(rules: TextRules = {}) {
  // .optional() first: without it zod 4 rejects an absent key ('expected nonoptional') even when
  // the field is optional, so JSON payloads that leave out an optional field would fail.
  return z.unknown().optional().transform((raw, ctx): string => {
    const result = checkText(raw, rules);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/** A number typed in a form (string) or sent in JSON (number). */
export function numberField(rules: NumberRules) {
  return z.unknown().transform((raw, ctx): number => {
    const result = checkNumber(raw, rules);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/**
 * A stored form's text fields as zod fields, from its `fields` (checks.ts FieldRules): the schema
 * takes each text field from here, so the browser's on-blur rules and the server's are one list.
 */
export function textShape<R extends FieldRules>(fields: R): { [K in keyof R]: ReturnType<typeof textField> } {
  return Object.fromEntries(Object.entries(fields).map(([name, rules]) => [name, textField(rules)])) as { [K in keyof R]: ReturnType<typeof textField> };
}
