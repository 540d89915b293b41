'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { contentChanged } from '@/lib/content/changed';
import type { ReportEditorState } from '@/components/staff/report-editor-state';
import { call, capabilities } from '@/lib/backend';
import { CARD_MESSAGES, cardInputSchema, heroInputSchema } from '@/contract/api/reports';
import { EVENT_DETAIL_FIELDS, EVENT_DETAIL_MESSAGES, parseEventDetailInput } from '@/contract/api/event-details';
import { errorsByPath, type FormValues } from '@/contract/forms/form-state';
import { staffAction, type Posted } from '@/lib/staff/action';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { editorErrorState, inFormOrder, takeImageUpload } from '@/lib/staff/reports';

const HERO_FIELDS = ['title', 'body', 'ctaText', 'image', 'imageAlt'] as const;
const CARD_FIELDS = ['title', 'subtitle', 'image'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Publishing edits the built-in backend's content: with another backend the editors say so. */
const unavailable = () => (capabilities().publishing ? undefined : PUBLISHING_OFF_MESSAGE);

/** An editor's answer with its field errors and message. */
const fail = (values: FormValues, errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message });

/** What the API refused or failed, as the editors show it (lib/staff/reports' editorErrorState). */
const failure = (error: unknown, { values }: { values: FormValues }): ReportEditorState => editorErrorState(error, values);

/** Saves the home page's hero (issue 17 item 4), staff only (the builder checks it here, not only the page). */
export const heroAction = staffAction({
  role: 'staff',
  page: '/staff/events',
  values: (posted) => {
    const values = { ...posted };
    delete values.image;
    return values;
  },
  unavailable,
  failure,
  async run({ formData, values }): Promise<ReportEditorState> {
    const imageError = await takeImageUpload(formData.get('image'), values);
    const parsed = heroInputSchema.safeParse(values);
    if (!parsed.success || imageError) return fail(values, inFormOrder(HERO_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
    await call('heroSave', { body: parsed.data });
    contentChanged();
    revalidatePath('/');
    redirect('/staff/events?done=hero');
  },
});

/** Which card a post is for (hidden `key`, the event's slug): its fields are named `event-${key}-title` and so on. */
const cardKey = (posted: Posted) => text(posted.key);

/**
 * Saves one event card of the home page (hidden `key`). One form per card, so an error in one
 * never loses what was typed in another. (The programme's rows are its sessions now:
 * /staff/content/sessions.)
 */
export const cardAction = staffAction({
  role: 'staff',
  page: '/staff/events',
  values: (posted) => {
    const field = (name: string) => text(posted[`event-${cardKey(posted)}-${name}`]);
    return { title: field('title'), subtitle: field('subtitle'), imageId: text(posted.imageId), imageUrl: text(posted.imageUrl) };
  },
  formId: (posted) => `event-${cardKey(posted)}`,
  unavailable,
  failure,
  async run({ formData, posted, values }): Promise<ReportEditorState> {
    const key = cardKey(posted);
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) return fail(values, {}, CARD_MESSAGES.notFound);

    const imageError = await takeImageUpload(formData.get(`event-${key}-image`), values);
    const parsed = cardInputSchema.safeParse(values);
    if (!parsed.success || imageError) return fail(values, inFormOrder(CARD_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));
    await call('eventCardSave', { params: { slug: key }, body: parsed.data });
    contentChanged();
    revalidatePath('/');
    redirect(`/staff/events?done=event#event-${key}`);
  },
});

/**
 * Saves one event's detail (hidden `slug`): title, start and end in Lagos time, venue, address,
 * description. The times go to the API as ISO with +01:00. (A session's are its entry's:
 * /staff/content/sessions.)
 */
export const eventDetailAction = staffAction({
  role: 'staff',
  page: '/staff/events',
  values: (posted) => Object.fromEntries(EVENT_DETAIL_FIELDS.map((name) => [name, text(posted[`detail-${text(posted.slug)}-${name}`])])),
  formId: (posted) => `detail-${text(posted.slug)}`,
  unavailable,
  failure,
  async run({ posted, values }): Promise<ReportEditorState> {
    const slug = text(posted.slug);
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(slug)) return fail(values, {}, EVENT_DETAIL_MESSAGES.notFound);

    const parsed = parseEventDetailInput(values);
    if (!parsed.ok) return fail(values, parsed.errors);
    // Times as ISO with +01:00; the description as typed (the API makes the HTML paragraphs).
    await call('eventDetailSave', { params: { slug }, body: { ...parsed.value, description: values.description } });
    contentChanged();
    revalidatePath(`/${encodeURIComponent(slug)}`);
    revalidatePath('/');
    redirect(`/staff/events?done=detail#detail-${slug}`);
  },
});
