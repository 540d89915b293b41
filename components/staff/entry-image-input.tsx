'use client';

import Image from 'next/image';
import { describedBy, FieldShell } from '@/components/forms/field';
import { useFormField } from '@/components/forms/form-context';
import type { EntryField } from '@/contract/content/entry-fields';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { ImageFileInput } from './image-file-input';
import styles from './editor.module.css';

/**
 * An entry's image field: the image kept (its URL in a hidden field, shown small, removable when
 * optional) and a file to replace it, uploaded by the action. The URL comes back from the browser,
 * so only a path on this site is shown; the action and the backend check it again.
 */
export function EntryImageInput({ field }: { field: EntryField }) {
  const { error, value } = useFormField(field.name);
  const current = typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '';
  const hint = field.hint ?? CONTENT_TEXT.imageHint;
  return (
    <FieldShell name={field.name} label={field.label} optional={Boolean(field.optional)} hint={hint} error={error}>
      <input type="hidden" name={field.name} value={current} />
      {current ? (
        <p className={styles.current}>
          <Image src={current} alt="" width={96} height={64} sizes="96px" className={styles.thumb} />
          <span>{CONTENT_TEXT.currentImage}</span>
          {field.optional ? (
            <label>
              <input type="checkbox" name={`${field.name}Remove`} /> {CONTENT_TEXT.removeImage}
            </label>
          ) : null}
        </p>
      ) : null}
      <ImageFileInput id={field.name} name={`${field.name}File`} invalid={Boolean(error)} describedBy={describedBy(`${field.name}-hint`, error && `${field.name}-error`)} />
    </FieldShell>
  );
}
