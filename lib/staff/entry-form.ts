import type { ContentKind } from '@/contract/content/kinds';
import type { FormValues } from '@/contract/forms/form-state';
import { refValues } from './entry-rows';

/**
 * What an entry's form posted, as the values the action checks and echoes (issue 40). `posted` is
 * the form as formDataToObject reads it: a name posted more than once is the list of its values
 * (FormData.getAll). Each field is its text, except a multiple ref field (a session's speakers),
 * whose checkboxes post the name once per box ticked: a list of slugs in the order posted (one box
 * is one string, none is nothing; lines of text, from a script, are read as a list too). A new
 * entry's one-time `key` is kept when it has the contract's form (entryInputSchema), so the form
 * shown again after a refusal posts the same one.
 */
export const ENTRY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '');

export function postedEntryValues(kind: ContentKind | undefined, posted: Record<string, string | string[] | undefined>): FormValues {
  const values: FormValues = { kind: text(posted.kind), id: text(posted.id) };
  const key = text(posted.key);
  if (ENTRY_KEY_PATTERN.test(key)) values.key = key;
  for (const field of kind?.fields ?? []) {
    if (field.kind === 'ref' && field.multiple) values[field.name] = refValues(posted[field.name]).slice(0, 200).map((slug) => slug.slice(0, 200));
    else values[field.name] = text(posted[field.name]).slice(0, 10_000);
  }
  return values;
}
