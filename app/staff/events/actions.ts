'use server';

import { revalidatePath, updateTag } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ReportEditorState } from '@/components/staff/report-editor-state';
import type { z } from 'zod';
import { CONTENT_CACHE_TAG } from '@/lib/backend';
import { CARD_MESSAGES, cardInputSchema, cardResultSchema, heroInputSchema, heroResultSchema, REPORT_MESSAGES } from '@/contract/api/reports';
import { EVENT_DETAIL_FIELDS, EVENT_DETAIL_MESSAGES, eventDetailResultSchema, parseEventDetailInput } from '@/contract/api/event-details';
import { errorsByPath, formDataToObject } from '@/contract/forms/form-state';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { inFormOrder, postEdit, takeImageUpload } from '@/lib/staff/reports';
import { requireStaff } from '@/lib/staff/session';

const HERO_FIELDS = ['title', 'body', 'ctaText', 'image', 'imageAlt'] as const;
const CARD_FIELDS = ['title', 'subtitle', 'category', 'image'] as const;

/** Saves through the API; undefined when saved, else the form's errors and message (a failure without an answer is the generic one). */
async function saveEdit<S extends z.ZodType>(path: string, payload: unknown, schema: S): Promise<{ errors: Record<string, string>; message?: string } | undefined> {
  const result = await postEdit(path, payload, schema).catch(() => undefined);
  if (result?.ok) return undefined;
  if (!result) return { errors: {}, message: REPORT_MESSAGES.failed };
  return { errors: result.errors, message: Object.keys(result.errors).length ? undefined : (result.message ?? REPORT_MESSAGES.failed) };
}

/** Saves the home page's hero (issue 17 item 4). The session is checked here, not only by the page. */
export async function heroAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  await requireStaff('/staff/events');
  const values = formDataToObject(formData);
  delete values.image;
  const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, seq: previous.seq + 1 });
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);

  const imageError = await takeImageUpload(formData.get('image'), values);
  const parsed = heroInputSchema.safeParse(values);
  if (!parsed.success || imageError) return fail(inFormOrder(HERO_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
  const saved = await saveEdit('/api/admin/content/hero/', parsed.data, heroResultSchema);
  if (saved) return fail(saved.errors, saved.message);
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

  const imageError = await takeImageUpload(formData.get(`${kind}-${key}-image`), values);
  const parsed = cardInputSchema.safeParse(values);
  if (!parsed.success || imageError) return fail(inFormOrder(CARD_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
  const path = kind === 'program' ? `/api/admin/programs/${encodeURIComponent(key)}/` : `/api/admin/content/events/${encodeURIComponent(key)}/`;
  const saved = await saveEdit(path, parsed.data, cardResultSchema);
  if (saved) return fail(saved.errors, saved.message);
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
  // Times as ISO with +01:00; the description as typed (the API makes the HTML paragraphs).
  const result = await postEdit(`/api/admin/content/event-details/${encodeURIComponent(slug)}/`, { ...parsed.value, description: values.description }, eventDetailResultSchema).catch(
    () => undefined,
  );
  if (!result?.ok) return fail(result?.errors ?? {}, result && Object.keys(result.errors).length ? undefined : (result?.message ?? REPORT_MESSAGES.failed));
  const saved = result.value.data;
  updateTag(CONTENT_CACHE_TAG);
  const page = saved.kind === 'program' ? `/events/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`;
  revalidatePath(page);
  if (saved.kind === 'program') revalidatePath(`${page}/calendar.ics`);
  revalidatePath('/programme');
  revalidatePath('/');
  redirect(`/staff/events?done=detail#detail-${slug}`);
}
