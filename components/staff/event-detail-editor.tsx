'use client';

import { Field } from '@/components/forms/field';
import { EVENT_DETAIL_LIMITS } from '@/contract/api/admin-limits';
import { ItemEditorForm, useItemEditor, type ItemEditorAction } from './item-editor';

/**
 * One event's or programme session's detail: title, start and end (Lagos time), venue, address,
 * description. Ids and names carry the slug (many forms on one page). Works without JavaScript.
 */
export function EventDetailEditor({
  action,
  slug,
  heading,
  initial,
}: {
  action: ItemEditorAction;
  slug: string;
  heading: string;
  initial: Record<string, string>;
}) {
  const editor = useItemEditor(action, `detail-${slug}`, initial);
  const { id } = editor;
  return (
    <ItemEditorForm editor={editor} heading={heading}>
      <input type="hidden" name="slug" value={slug} />
      <Field name={id('title')} label="Title" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.title} />
      <Field name={id('startsAt')} label="Starts" hint="Date and time in Lagos (WAT)." type="datetime-local" width="medium" />
      <Field name={id('endsAt')} label="Ends" hint="Date and time in Lagos (WAT); after the start." type="datetime-local" width="medium" />
      <Field name={id('venue')} label="Venue" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.venue} />
      <Field name={id('address')} label="Address" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.address} />
      <Field name={id('description')} label="Description" hint="Plain text; leave a blank line between paragraphs." multiline rows={6} maxLength={EVENT_DETAIL_LIMITS.description} />
    </ItemEditorForm>
  );
}
