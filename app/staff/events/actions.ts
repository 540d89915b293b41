'use server';

import { revalidatePath } from 'next/cache';
import { contentChanged } from '@/lib/content/changed';
import { redirect } from 'next/navigation';
import type { ReportEditorState } from '@/components/staff/report-editor-state';
import { apiClient } from '@/lib/backend';
import { CARD_MESSAGES, cardInputSchema, cardResultSchema, heroInputSchema, heroResultSchema } from '@/contract/api/reports';
import { EVENT_DETAIL_FIELDS, EVENT_DETAIL_MESSAGES, eventDetailResultSchema, parseEventDetailInput } from '@/contract/api/event-details';
import { errorsByPath, formDataToObject, type FormValues } from '@/contract/forms/form-state';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { editorErrorState, inFormOrder, takeImageUpload } from '@/lib/staff/reports';
import { requireStaff } from '@/lib/staff/session';

const HERO_FIELDS = ['title', 'body', 'ctaText', 'image', 'imageAlt'] as const;
const CARD_FIELDS = ['title', 'subtitle', 'category', 'image'] as const;

/** An editor's answers on failure: its field errors and message, or what the API said (lib/staff/reports' editorErrorState). */
function failures(previous: ReportEditorState, values: FormValues, form?: string) {
  const answer = { seq: (previous.seq ?? 0) + 1, ...(form ? { for: form } : {}) };
  return {
    fail: (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, ...answer }),
    refused: (error: unknown): ReportEditorState => ({ ...editorErrorState(error, values), ...answer }),
  };
}

/** Saves the home page's hero (issue 17 item 4). The session is checked here, not only by the page. */
export async function heroAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  await requireStaff('/staff/events');
  const values = formDataToObject(formData);
  delete values.image;
  const { fail, refused } = failures(previous, values);
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);

  const imageError = await takeImageUpload(formData.get('image'), values);
  const parsed = heroInputSchema.safeParse(values);
  if (!parsed.success || imageError) return fail(inFormOrder(HERO_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
  try {
    await apiClient.post('/api/admin/content/hero/', parsed.data, { schema: heroResultSchema });
  } catch (error) {
    return refused(error);
  }
  contentChanged();
  revalidatePath('/');
  redirect('/staff/events?done=hero');
}

/**
 * Saves one event card of the home page or one programme row (hidden `kind` and `key`). One form
 * per item, so an error in one never loses what was typed in another.
 */
export async function cardAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  await requireStaff('/staff/events');
  const raw = formDataToObject(formData);
  const kind = raw.kind === 'program' ? 'program' : 'event';
  const key = typeof raw.key === 'string' ? raw.key : '';
  // The fields are named `${kind}-${key}-title` and so on (many forms on one page).
  const field = (name: string) => {
    const v = raw[`${kind}-${key}-${name}`];
    return typeof v === 'string' ? v : '';
  };
  const values: Record<string, string> = {
    title: field('title'),
    subtitle: field('subtitle'),
    category: field('category'),
    imageId: typeof raw.imageId === 'string' ? raw.imageId : '',
    imageUrl: typeof raw.imageUrl === 'string' ? raw.imageUrl : '',
  };
  const { fail, refused } = failures(previous, values, `${kind}-${key}`);
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) return fail({}, CARD_MESSAGES.notFound);

  const imageError = await takeImageUpload(formData.get(`${kind}-${key}-image`), values);
  const parsed = cardInputSchema.safeParse(values);
  if (!parsed.success || imageError) return fail(inFormOrder(CARD_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
  const path = kind === 'program' ? `/api/admin/programs/${encodeURIComponent(key)}/` : `/api/admin/content/events/${encodeURIComponent(key)}/`;
  try {
    await apiClient.post(path, parsed.data, { schema: cardResultSchema });
  } catch (error) {
    return refused(error);
  }
  contentChanged();
  revalidatePath('/');
  revalidatePath('/programme');
  redirect(`/staff/events?done=${kind}#${kind}-${key}`);
}

/**
 * Saves one event's or programme session's detail (hidden `slug`): title, start and end in Lagos
 * time, venue, address, description. The times go to the API as ISO with +01:00.
 */
export async function eventDetailAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  await requireStaff('/staff/events');
  const raw = formDataToObject(formData);
  const slug = typeof raw.slug === 'string' ? raw.slug : '';
  const values: Record<string, string> = {};
  for (const name of EVENT_DETAIL_FIELDS) {
    const v = raw[`detail-${slug}-${name}`];
    values[name] = typeof v === 'string' ? v : '';
  }
  const { fail, refused } = failures(previous, values, `detail-${slug}`);
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(slug)) return fail({}, EVENT_DETAIL_MESSAGES.notFound);

  const parsed = parseEventDetailInput(values);
  if (!parsed.ok) return fail(parsed.errors);
  // Times as ISO with +01:00; the description as typed (the API makes the HTML paragraphs).
  let saved;
  try {
    const path = `/api/admin/content/event-details/${encodeURIComponent(slug)}/`;
    saved = (await apiClient.post(path, { ...parsed.value, description: values.description }, { schema: eventDetailResultSchema })).data;
  } catch (error) {
    return refused(error);
  }
  contentChanged();
  const page = saved.kind === 'program' ? `/events/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`;
  revalidatePath(page);
  if (saved.kind === 'program') revalidatePath(`${page}/calendar.ics`);
  revalidatePath('/programme');
  revalidatePath('/');
  redirect(`/staff/events?done=detail#detail-${slug}`);
}
