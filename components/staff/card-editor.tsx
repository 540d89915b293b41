'use client';

import Image from 'next/image';
import { describedBy, Field, FieldShell } from '@/components/forms/field';
import { MEDIA_LIMITS } from '@/contract/api/reports';
import { ImageFileInput } from './image-file-input';
import { ItemEditorForm, useItemEditor, type ItemEditorAction } from './item-editor';
import { ownImageUrl, textValue } from './report-editor-state';
import styles from './editor.module.css';

/**
 * One event card of the home page: title, (subtitle), image. Field ids carry the card's key, so
 * many of these forms live on one page with unique ids. Works without JavaScript.
 */
export function CardEditor({
  action,
  itemKey,
  heading,
  initial,
  withSubtitle = false,
}: {
  action: ItemEditorAction;
  itemKey: string;
  heading: string;
  initial: Record<string, string>;
  withSubtitle?: boolean;
}) {
  const editor = useItemEditor(action, `event-${itemKey}`, initial);
  const { values, id, errors } = editor;
  const value = (name: string) => textValue(values, name);
  const imageUrl = ownImageUrl(values);
  return (
    <ItemEditorForm editor={editor} heading={heading}>
      <input type="hidden" name="key" value={itemKey} />
      <input type="hidden" name="imageId" value={value('imageId')} />
      <input type="hidden" name="imageUrl" value={imageUrl} />
      <Field name={id('title')} label="Title" autoComplete="off" />
      {withSubtitle ? <Field name={id('subtitle')} label="Subtitle" optional autoComplete="off" /> : null}
      <FieldShell name={id('image')} label="Image" optional hint={`Replaces the current image (up to ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB).`} error={errors[id('image')]}>
        {imageUrl ? (
          <p className={styles.current}>
            <Image src={imageUrl} alt="" width={96} height={64} sizes="96px" className={styles.thumb} />
            <span>Current image.</span>
          </p>
        ) : null}
        <ImageFileInput id={id('image')} name={id('image')} invalid={Boolean(errors[id('image')])} describedBy={describedBy(`${id('image')}-hint`, errors[id('image')] && `${id('image')}-error`)} />
      </FieldShell>
    </ItemEditorForm>
  );
}

