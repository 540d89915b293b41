import { ActionForm, type FormAction } from '@/components/forms/action-form';
import { ChoiceGroup, Field } from '@/components/forms/field';
import type { EntryField } from '@/contract/content/entry-fields';
import type { ContentKind } from '@/contract/content/kinds';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import type { RefOption } from '@/lib/staff/entry-rows';
import { EntryImageInput } from './entry-image-input';
import { EchoedHidden, EntryRefChecklist, EntryRefSelect } from './entry-ref-input';
import styles from './editor.module.css';

/**
 * The form of one content entry, drawn from its kind's fields (contract/content/kinds.ts): a line, a
 * textarea for prose and lists (one item per line), radios for a choice, a file for an image, a
 * select or checkboxes for another kind's entries (a ref field; its options loaded by the page). A
 * server component around the forms' ActionForm: it works without JavaScript, keeps what was typed
 * on an error, and shows each field's message. A new entry's form carries a one-time `key` (minted
 * by the page, kept after a refusal): a second click on Add makes no second entry.
 */
export function EntryEditor({
  kind,
  id,
  values,
  action,
  heading,
  headingId,
  refs = {},
  formKey,
}: {
  kind: ContentKind;
  /** Absent: a new entry. */
  id?: string;
  values: Record<string, string>;
  action: FormAction;
  heading: string;
  headingId: string;
  /** Each ref field's options and the title of the kind it names (lib/staff/content's loadRefOptions). */
  refs?: Record<string, { options: readonly RefOption[]; kindTitle: string }>;
  /** A new entry's one-time key (lib/staff/content's newEntryKey). */
  formKey?: string;
}) {
  const permalink = id ? `/staff/content/${kind.key}/${id}` : `/staff/content/${kind.key}`;
  return (
    <section className={styles.item} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ActionForm action={action} form={{}} idempotencyKey={crypto.randomUUID()} permalink={permalink} aria-labelledby={headingId} initialValues={formKey && !id ? { ...values, key: formKey } : values}>
        <input type="hidden" name="kind" value={kind.key} />
        <input type="hidden" name="id" value={id ?? ''} />
        {formKey && !id ? <EchoedHidden name="key" /> : null}
        {kind.fields.map((field) => (
          <EntryInput key={field.name} field={field} refs={refs} />
        ))}
        <div className={styles.actions}>
          <button type="submit" name="intent" value="save" className="btn btn--secondary">
            {CONTENT_TEXT.save}
          </button>
          <button type="submit" name="intent" value="publish" className="btn btn--primary">
            {CONTENT_TEXT.saveAndPublish}
          </button>
        </div>
      </ActionForm>
    </section>
  );
}

function EntryInput({ field, refs }: { field: EntryField; refs: Record<string, { options: readonly RefOption[]; kindTitle: string }> }) {
  const common = { name: field.name, label: field.label, optional: Boolean(field.optional), hint: field.hint };
  switch (field.kind) {
    case 'prose':
      return <Field {...common} multiline rows={field.max && field.max <= 600 ? 4 : 8} maxLength={field.max} />;
    case 'lines':
      return <Field {...common} multiline rows={5} hint={field.hint ?? 'One per line.'} />;
    case 'paragraphs':
      return <Field {...common} multiline rows={8} hint={field.hint ?? 'A blank line between paragraphs.'} />;
    case 'integer':
      return <Field {...common} inputMode="numeric" width="short" autoComplete="off" />;
    case 'number':
      return <Field {...common} inputMode="decimal" width="medium" autoComplete="off" />;
    case 'time':
      return <Field {...common} type="time" width="short" />;
    case 'date':
      return <Field {...common} type="date" width="medium" />;
    case 'url':
      return <Field {...common} type="url" inputMode="url" autoComplete="off" spellCheck={false} />;
    case 'email':
      return <Field {...common} type="email" inputMode="email" autoComplete="off" spellCheck={false} />;
    case 'select':
      return <ChoiceGroup name={field.name} legend={field.label} type="radio" options={field.options ?? []} hint={field.hint} />;
    case 'image':
      return <EntryImageInput field={field} />;
    case 'ref': {
      const ref = refs[field.name] ?? { options: [], kindTitle: field.ref ?? '' };
      return field.multiple ? <EntryRefChecklist field={field} {...ref} /> : <EntryRefSelect field={field} {...ref} />;
    }
    default:
      return <Field {...common} autoComplete="off" maxLength={field.max} />;
  }
}
