'use server';

import { revalidatePath, updateTag } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ReportEditorState } from '@/components/staff/report-editor-state';
import { CONTENT_CACHE_TAG, apiClient, isApiError, readApiErrorBody } from '@/lib/api';
import { CARD_MESSAGES, cardInputSchema, cardResultSchema, heroInputSchema, heroResultSchema, MEDIA_LIMITS, REPORT_MESSAGES } from '@/lib/contract/reports';
import type { EventDetail } from '@/lib/content/schemas';
import { EVENT_DETAIL_FIELDS, EVENT_DETAIL_MESSAGES, eventDetailResultSchema, parseEventDetailInput } from '@/lib/contract/event-details';
import { errorsByPath, formDataToObject } from '@/lib/forms/form-state';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { uploadImage } from '@/lib/staff/reports';
import { requireStaff } from '@/lib/staff/session';

/** Saves the home page's hero (issue 17 item 4). The session is checked here, not only by the page. */
export async function heroAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  await requireStaff('/staff/events');
  const values = formDataToObject(formData);
  delete values.image;
  const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, seq: previous.seq + 1 });
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);

  const errors: Record<string, string> = {};
  const file = formData.get('image');
  if (file instanceof File && file.size > 0) {
    if (file.size > MEDIA_LIMITS.maxBytes) errors.image = REPORT_MESSAGES.imageTooLarge;
    else {
      const uploaded = await uploadImage(file);
      if (uploaded.ok) {
        values.imageId = uploaded.value.id;
        values.imageUrl = uploaded.value.url;
      } else errors.image = uploaded.errors.image ?? uploaded.message ?? REPORT_MESSAGES.imageNotImage;
    }
  }
  const parsed = heroInputSchema.safeParse(values);
  if (!parsed.success || errors.image) {
    const found = parsed.success ? {} : errorsByPath(parsed.error);
    const ordered: Record<string, string> = {};
    for (const key of ['title', 'body', 'ctaText', 'image', 'imageAlt']) {
      const message = key === 'image' ? (errors.image ?? found.image) : found[key];
      if (message) ordered[key] = message;
    }
    return fail(ordered);
  }
  try {
    await apiClient.post('/api/admin/content/hero/', parsed.data, { schema: heroResultSchema });
  } catch (error) {
    if (isApiError(error) && error.status > 0 && error.status < 500) {
      const details = readApiErrorBody(error.body);
      const fieldErrors: Record<string, string> = {};
      for (const [k, list] of Object.entries(details.errors ?? {})) if (list[0]) fieldErrors[k] = list[0];
      return fail(fieldErrors, Object.keys(fieldErrors).length ? undefined : (details.message ?? REPORT_MESSAGES.failed));
    }
    return fail({}, REPORT_MESSAGES.failed);
  }
  updateTag(CONTENT_CACHE_TAG);
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
  const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, seq: previous.seq + 1, for: `${kind}-${key}` });
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) return fail({}, CARD_MESSAGES.notFound);

  const errors: Record<string, string> = {};
  const file = formData.get(`${kind}-${key}-image`);
  if (file instanceof File && file.size > 0) {
    if (file.size > MEDIA_LIMITS.maxBytes) errors.image = REPORT_MESSAGES.imageTooLarge;
    else {
      const uploaded = await uploadImage(file);
      if (uploaded.ok) {
        values.imageId = uploaded.value.id;
        values.imageUrl = uploaded.value.url;
      } else errors.image = uploaded.errors.image ?? uploaded.message ?? REPORT_MESSAGES.imageNotImage;
    }
  }
  const parsed = cardInputSchema.safeParse(values);
  if (!parsed.success || errors.image) {
    const found = parsed.success ? {} : errorsByPath(parsed.error);
    const ordered: Record<string, string> = {};
    for (const k of ['title', 'subtitle', 'category', 'image']) {
      const message = k === 'image' ? (errors.image ?? found.image) : found[k];
      if (message) ordered[k] = message;
    }
    return fail(ordered);
  }
  const path = kind === 'program' ? `/api/admin/programs/${encodeURIComponent(key)}/` : `/api/admin/content/events/${encodeURIComponent(key)}/`;
  try {
    await apiClient.post(path, parsed.data, { schema: cardResultSchema });
  } catch (error) {
    if (isApiError(error) && error.status > 0 && error.status < 500) {
      const details = readApiErrorBody(error.body);
      const fieldErrors: Record<string, string> = {};
      for (const [k, list] of Object.entries(details.errors ?? {})) if (list[0]) fieldErrors[k] = list[0];
      return fail(fieldErrors, Object.keys(fieldErrors).length ? undefined : (details.message ?? REPORT_MESSAGES.failed));
    }
    return fail({}, REPORT_MESSAGES.failed);
  }
  updateTag(CONTENT_CACHE_TAG);
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
  const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, seq: previous.seq + 1, for: `detail-${slug}` });
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(slug)) return fail({}, EVENT_DETAIL_MESSAGES.notFound);

  const parsed = parseEventDetailInput(values);
  if (!parsed.ok) return fail(parsed.errors);
  let saved: EventDetail;
  try {
    // Times as ISO with +01:00; the description as typed (the API makes the HTML paragraphs).
    const payload = { ...parsed.value, description: values.description };
    saved = (await apiClient.post(`/api/admin/content/event-details/${encodeURIComponent(slug)}/`, payload, { schema: eventDetailResultSchema })).data;
  } catch (error) {
    if (isApiError(error) && error.status > 0 && error.status < 500) {
      const details = readApiErrorBody(error.body);
      const fieldErrors: Record<string, string> = {};
      for (const [k, list] of Object.entries(details.errors ?? {})) if (list[0]) fieldErrors[k] = list[0];
      return fail(fieldErrors, Object.keys(fieldErrors).length ? undefined : (details.message ?? REPORT_MESSAGES.failed));
    }
    return fail({}, REPORT_MESSAGES.failed);
  }
  updateTag(CONTENT_CACHE_TAG);
  const page = saved.kind === 'program' ? `/events/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`;
  revalidatePath(page);
  if (saved.kind === 'program') revalidatePath(`${page}/calendar.ics`);
  revalidatePath('/programme');
  revalidatePath('/');
  redirect(`/staff/events?done=detail#detail-${slug}`);
}
