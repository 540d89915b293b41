'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { call, capabilities, isApiError } from '@/lib/backend';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { entrySchema } from '@/contract/content/entry-fields';
import { CONTENT_KINDS, contentKind, type ContentKind } from '@/contract/content/kinds';
import { errorsByPath, type FormState } from '@/contract/forms/form-state';
import { contentChanged } from '@/lib/content/changed';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction, staffRedirectAction, type Posted } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { postedEntryValues } from '@/lib/staff/entry-form';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { takeImageUpload } from '@/lib/staff/reports';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The kind a post names (hidden `kind`); the list of kinds when it names none. */
const pageOf = (posted: Posted) => {
  const kind = contentKind(posted.kind);
  return kind ? `/staff/content/${kind.key}` : '/staff/content';
};

/** What the public pages show changed: the external API's cache is asked again, the kind's page rendered anew. */
function changed(kind: ContentKind): void {
  contentChanged();
  revalidatePath(kind.page);
}

/** The field errors in the form's order; a list item's ("speakers.2") is its field's. */
function inOrder(kind: ContentKind, errors: Record<string, string>): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const field of kind.fields) {
    const message = errors[field.name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field.name}.`))?.[1];
    if (message) ordered[field.name] = message;
  }
  return ordered;
}

/**
 * Saves an entry of any kind (issue 40): a new one (no `id`) is added as a draft; `intent=publish`
 * publishes it too. Its fields are checked by the kind's schema here (the backend checks again);
 * an image field takes a chosen file (uploaded first, kept in the form if another field is wrong);
 * a multiple ref field's ticked boxes are its list (lib/staff/entry-form.ts). A new entry sends its
 * form's one-time `key`.
 */
export const entryEditorAction = staffAction({
  role: 'staff',
  page: pageOf,
  values: (posted) => postedEntryValues(contentKind(posted.kind), posted),
  unavailable: () => (capabilities().publishing ? undefined : PUBLISHING_OFF_MESSAGE),
  failure: (error, { values }) => {
    const kind = contentKind(values.kind);
    return apiErrorState(error, { fallback: CONTENT_TEXT.failed, values, fields: kind?.fields.map((f) => f.name) ?? [], reads: (status) => status === 404 || status === 409 || status === 422 });
  },
  async run({ posted, formData, values }): Promise<FormState> {
    const kind = contentKind(posted.kind);
    if (!kind) return { status: 'error', errors: {}, values, message: ENTRY_MESSAGES.unknownKind };
    const errors: Record<string, string> = {};
    for (const field of kind.fields.filter((f) => f.kind === 'image')) {
      if (posted[`${field.name}Remove`] === 'on') values[field.name] = '';
      const uploaded: Record<string, unknown> = {};
      const refused = await takeImageUpload(formData.get(`${field.name}File`), uploaded);
      if (refused) errors[field.name] = refused;
      else if (typeof uploaded.imageUrl === 'string') values[field.name] = uploaded.imageUrl;
    }
    const parsed = entrySchema(kind.fields).safeParse(Object.fromEntries(kind.fields.map((f) => [f.name, values[f.name]])));
    // The kind's checks across fields (a session ends after it starts), as the backend runs them.
    if (parsed.success) for (const problem of kind.checks?.(parsed.data) ?? []) errors[problem.field] ??= problem.message;
    if (!parsed.success || Object.keys(errors).length > 0) {
      return { status: 'error', errors: inOrder(kind, { ...(parsed.success ? {} : errorsByPath(parsed.error)), ...errors }), values, message: ENTRY_MESSAGES.invalid };
    }
    const id = text(posted.id);
    const params = { kind: kind.key };
    // A new entry sends its form's one-time key: the same form posted twice makes one entry.
    const key = typeof values.key === 'string' ? values.key : undefined;
    const saved = id ? await call('entrySave', { params: { ...params, id }, body: { data: parsed.data } }) : await call('entryCreate', { params, body: { data: parsed.data, ...(key ? { key } : {}) } });
    const publish = posted.intent === 'publish';
    if (publish) await call('entryPublish', { params: { ...params, id: saved.data.id } });
    if (publish || saved.data.status !== 'draft') changed(kind);
    // A kind listed by edition (sessions) opens on the saved entry's edition.
    const editionField = kind.shape === 'collection' ? kind.orderedBy?.edition : undefined;
    const edition = editionField ? parsed.data[editionField] : undefined;
    redirect(`/staff/content/${kind.key}?done=${publish ? 'published' : 'saved'}${typeof edition === 'string' ? `&edition=${encodeURIComponent(edition)}` : ''}`);
  },
});

/** The edition a dated list showed (a session's row posts it), for the page the answer leads to. */
const editionQuery = (posted: Posted) => {
  const edition = text(posted.edition);
  return /^\d{4}(?:-[A-Za-z0-9]+)*$/.test(edition) && edition.length <= 32 ? `&edition=${encodeURIComponent(edition)}` : '';
};

const VERBS = ['publish', 'unpublish', 'up', 'down', 'delete'] as const;
type Verb = (typeof VERBS)[number];

/** Publish, unpublish, move up or down, or delete one entry (hidden kind, id, verb); the answer is the kind's page. */
export const entryListAction = staffRedirectAction({
  role: 'staff',
  page: pageOf,
  async run({ posted }) {
    const kind = contentKind(posted.kind);
    const verb = VERBS.find((v) => v === posted.verb) as Verb | undefined;
    if (!kind || !verb || !capabilities().publishing) redirect(`${pageOf(posted)}?failed=1`);
    const params = { kind: kind.key, id: text(posted.id) };
    if (verb === 'publish') await call('entryPublish', { params });
    else if (verb === 'unpublish') await call('entryUnpublish', { params });
    else if (verb === 'delete') await call('entryDelete', { params });
    else await call('entryMove', { params, body: { direction: verb } });
    changed(kind);
    redirect(`/staff/content/${kind.key}?done=${verb}${editionQuery(posted)}`);
  },
  failure(error, { posted }) {
    const status = isApiError(error) ? error.status : 0;
    const inUse = isApiError(error) && status === 409 ? inUseCount(error.body) : undefined;
    redirect(`${pageOf(posted)}?failed=${status === 404 ? 'gone' : inUse !== undefined ? `inuse&n=${inUse}` : status === 409 ? 'last' : '1'}${editionQuery(posted)}`);
  },
});

/** How many sessions name the entry a refused delete was for: the count in the backend's ENTRY_MESSAGES.inUse message. */
function inUseCount(body: unknown): number | undefined {
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
  const n = Number(/^(\d+) /.exec(message)?.[1]);
  return Number.isInteger(n) && n > 0 && message === ENTRY_MESSAGES.inUse(n) ? n : undefined;
}

/**
 * "Copy last year's programme as drafts" (/staff/content/sessions): the latest earlier edition's
 * sessions into the current one, as drafts (the backend copies, skips slugs already there and
 * audits it). The answer is the sessions page, saying how many were copied.
 */
export const programmeCopyAction = staffRedirectAction({
  role: 'staff',
  page: '/staff/content/sessions',
  async run() {
    if (!capabilities().publishing) redirect('/staff/content/sessions?failed=1');
    const copied = (await call('programmeCopy', { body: {} })).data;
    if (copied.copied > 0) changed(CONTENT_KINDS.sessions);
    redirect(`/staff/content/sessions?done=copied&copied=${copied.copied}&skipped=${copied.skipped}&from=${encodeURIComponent(copied.from)}&edition=${encodeURIComponent(copied.to)}`);
  },
  failure(error) {
    const status = isApiError(error) ? error.status : 0;
    redirect(`/staff/content/sessions?failed=${status === 404 || status === 409 ? 'nothing' : '1'}`);
  },
});
