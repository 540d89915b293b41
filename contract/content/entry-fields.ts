import { z } from 'zod';
import { MESSAGES, maxLengthMessage } from '../forms/messages';
import { text, isOneLineText } from '../text';

/**
 * The fields of an editable content entry (contract/content/kinds.ts), described once: the staff
 * editor draws its form from the description, and the entry's schema is built from it, so what a
 * form offers and what the backend keeps cannot drift apart. Every value is a string, a number or a
 * list of strings: an entry is one flat record (a page's lists are collections of their own).
 */
export type EntryFieldKind =
  /** One line of text. */
  | 'text'
  /** Paragraphs (a textarea); blank lines separate paragraphs where the page shows several. */
  | 'prose'
  /** A list, one item per line (a textarea in the form, a list of strings once kept). */
  | 'lines'
  /** Paragraphs kept as a list: a textarea, a blank line between two paragraphs. */
  | 'paragraphs'
  | 'integer'
  /** A decimal number (a map pin's latitude). */
  | 'number'
  /** HH:MM, Lagos time. */
  | 'time'
  /** YYYY-MM-DD. */
  | 'date'
  /** An https:// or http:// address. */
  | 'url'
  | 'email'
  /** An image: an upload (the staff editor) or a path the site already serves; kept as its URL. */
  | 'image'
  /** One of `options`. */
  | 'select'
  /** Another kind's entry, by its `slug` field (a session's venue); `multiple`: a list of them (its speakers). */
  | 'ref';

export interface EntryField {
  name: string;
  label: string;
  kind: EntryFieldKind;
  /** Absent or empty is allowed (default: required). */
  optional?: boolean;
  /** Characters (text, prose, url, email) or items (lines). */
  max?: number;
  /** For integer fields. */
  min?: number;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** A text field's form (a regular expression's source, matched whole) and the message when it does not match. */
  pattern?: { source: string; message: string };
  /** For a ref field: the kind whose entries it names (by their `slug`). */
  ref?: string;
  /** For a ref field: several entries, kept as a list of slugs in the order chosen. */
  multiple?: boolean;
}

export type EntryValue = string | number | string[];
export type EntryData = Record<string, EntryValue>;

const DEFAULT_MAX: Record<EntryFieldKind, number> = { text: 200, prose: 5000, lines: 30, paragraphs: 20, integer: 0, number: 0, time: 5, date: 10, url: 500, email: 254, image: 500, select: 0, ref: 20 };

const PARAGRAPH_MAX = 2000;

/** A paragraphs field as posted (one text, blank lines between) or kept (a list). */
function toParagraphs(raw: unknown): unknown {
  if (typeof raw === 'string') return raw.split(/(?:\r\n|\r|\n)\s*(?:\r\n|\r|\n)/).map((p) => p.trim()).filter((p) => p !== '');
  return raw ?? [];
}

/** What a form posts (a string) or a stored entry holds, for a list field: the non-empty trimmed lines. */
function toLines(raw: unknown): unknown {
  if (typeof raw === 'string') return raw.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line !== '');
  return raw ?? [];
}

function trimmed(raw: unknown): unknown {
  return typeof raw === 'string' ? raw.normalize('NFC').trim() : (raw ?? '');
}

function oneLine(max: number) {
  return text()
    .refine(isOneLineText, { message: MESSAGES.invalid, abort: true })
    .max(max, { message: maxLengthMessage(max) });
}

/** One field's schema: a form's string or a stored value in, the kept value out. */
export function entryFieldSchema(field: EntryField): z.ZodType<EntryValue | undefined> {
  const max = field.max ?? DEFAULT_MAX[field.kind];
  const required = (schema: z.ZodType<string, string>) =>
    field.optional ? z.preprocess(trimmed, schema.or(z.literal(''))) : z.preprocess(trimmed, text().min(1, { message: MESSAGES.required }).pipe(schema));
  switch (field.kind) {
    case 'text': {
      const pattern = field.pattern;
      return required(pattern ? oneLine(max).refine((v) => new RegExp(`^(?:${pattern.source})$`).test(v), { message: pattern.message }) : oneLine(max));
    }
    case 'time':
      return required(oneLine(5).refine((v) => /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(v), { message: 'Enter a time as HH:MM, for example 09:30' }));
    case 'date':
      return required(
        oneLine(10).refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
          message: 'Enter a date as YYYY-MM-DD',
        }),
      );
    case 'prose':
      return required(text().max(max, { message: maxLengthMessage(max) }));
    case 'url':
      return required(oneLine(max).refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), { message: 'Enter a full web address, starting with https://' }));
    case 'email':
      return required(oneLine(max).pipe(z.email({ message: MESSAGES.email })));
    case 'image':
      // An uploaded image's URL (/api/media/...) or one of the site's own files (/images/...).
      return required(oneLine(max).refine((v) => /^\/(?:api\/media|images)\/[\w./-]+$/.test(v) && !v.includes('..'), { message: 'Choose an image to upload.' }));
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      return required(text().refine((v) => values.includes(v), { message: MESSAGES.invalid }));
    }
    case 'ref': {
      // Which slugs exist is the backend's check (it knows the other kind's entries); here, their form.
      const item = text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: MESSAGES.invalid });
      if (!field.multiple) return required(item);
      const list = z.array(item).max(max, { message: `At most ${max}` }).refine((l) => new Set(l).size === l.length, { message: 'Each one once.' });
      return z.preprocess(toLines, field.optional ? list : list.min(1, { message: MESSAGES.required }));
    }
    case 'integer': {
      const min = field.min ?? -1_000_000;
      const top = field.max ?? 1_000_000;
      const range = `Enter a whole number from ${min} to ${top}`;
      const number = z
        .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : range) })
        .int({ message: range })
        .min(min, { message: range })
        .max(top, { message: range });
      const typed = (raw: unknown) => {
        if (typeof raw !== 'string') return raw;
        const t = raw.trim();
        if (t === '') return undefined;
        return /^-?\d{1,15}$/.test(t) ? Number(t) : t;
      };
      return z.preprocess(typed, field.optional ? number.optional() : number);
    }
    case 'number': {
      const min = field.min ?? -1_000_000;
      const top = field.max ?? 1_000_000;
      const range = `Enter a number from ${min} to ${top}`;
      const number = z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : range) }).min(min, { message: range }).max(top, { message: range });
      const typed = (raw: unknown) => {
        if (typeof raw !== 'string') return raw;
        const t = raw.trim();
        if (t === '') return undefined;
        return /^-?\d{1,9}(?:\.\d{1,9})?$/.test(t) ? Number(t) : t;
      };
      return z.preprocess(typed, field.optional ? number.optional() : number);
    }
    case 'paragraphs': {
      const item = text().max(PARAGRAPH_MAX, { message: maxLengthMessage(PARAGRAPH_MAX) });
      const list = z.array(item).max(max, { message: `At most ${max} paragraphs` });
      return z.preprocess(toParagraphs, field.optional ? list : list.min(1, { message: MESSAGES.required }));
    }
    case 'lines': {
      const item = oneLine(500);
      const list = z.array(item).max(max, { message: `At most ${max} lines` });
      return z.preprocess(toLines, field.optional ? list : list.min(1, { message: MESSAGES.required }));
    }
  }
}

/** An entry's schema, from its fields: unknown keys are dropped, an empty optional field left out, each field's first message reported. */
export function entrySchema(fields: readonly EntryField[]): z.ZodType<EntryData> {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, entryFieldSchema(field)]))).transform((data) => {
    const kept: EntryData = {};
    for (const [name, value] of Object.entries(data)) {
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      kept[name] = value as EntryValue;
    }
    return kept;
  }) as unknown as z.ZodType<EntryData>;
}

/** An entry's values as its form shows them (lists one per line). */
export function entryFormValues(fields: readonly EntryField[], data: EntryData | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = data?.[field.name];
    values[field.name] = Array.isArray(value) ? value.join(field.kind === 'paragraphs' ? '\n\n' : '\n') : value === undefined ? '' : String(value);
  }
  return values;
}
