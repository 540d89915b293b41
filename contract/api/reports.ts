import { z } from 'zod';
import { text } from '@/contract/text';
import { HIGHLIGHT_CATEGORIES } from '@/contract/festival';
import { MESSAGES } from '@/contract/forms/messages';
import { CONTROL_CHARACTERS, isOneLine, textField } from '@/contract/forms/rules';
import { MEDIA_LIMITS } from '@/contract/media/limits';

/**
 * The staff area's report publishing over the /api contract (issue 17): what the editor sends to
 * /api/admin/reports/..., what it gets back, the image upload to /api/admin/media/, and every
 * message a staff member reads about it. Shared by the server actions and the built-in backend.
 */
export const REPORT_MESSAGES = {
  titleRequired: 'Enter a title',
  categoryInvalid: 'Choose a category',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  bodyRequired: 'Write the report',
  tagsTooMany: 'Use at most 10 tags',
  tagTooLong: 'Each tag must be 40 characters or fewer',
  altRequired: 'Describe the image for people who cannot see it',
  imageNotImage: 'The file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.',
  imageTooLarge: 'The image is larger than 4 MB. Export a smaller copy and upload that.',
  imageTooManyPixels: 'The image is too large (more than 40 megapixels or wider/taller than 10,000 pixels). Export a smaller copy.',
  imageMissing: 'That image is no longer stored. Upload it again.',
  /** 429 from /api/admin/media/: the staff member's MEDIA_UPLOADS_PER_HOUR is used up. */
  imageQuotaReached: 'You have uploaded as many images as allowed in one hour. Wait a while, then upload this one again.',
  saved: 'Draft saved.',
  published: 'Report published. It is on the site now.',
  unpublished: 'Report unpublished. It is no longer on the site.',
  updated: 'Changes saved.',
  notFound: 'There is no such report.',
  failed: 'The report could not be saved. Please try again.',
  previewHeading: 'Preview',
} as const;

/** Categories a report can have: the /highlights chips, less "All Reports". */
export const REPORT_CATEGORIES = HIGHLIGHT_CATEGORIES.filter((c) => c.slug !== 'all').map((c) => c.label);

export const REPORT_LIMITS = {
  title: 160,
  excerpt: 300,
  author: 100,
  body: 50_000,
  alt: 200,
  tags: 10,
  tag: 40,
} as const;

export { MEDIA_LIMITS };

/** Report ids: UUIDs for new reports, short ones ('1'...'4') for the reports seeded from contract/fallbacks/. */
export const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Stored images are served here; `<id>.jpg`. */
export const MEDIA_PATH_PREFIX = '/api/media/';
export const mediaUrl = (id: string) => `${MEDIA_PATH_PREFIX}${id}.jpg`;
const MEDIA_URL_PATTERN = /^\/api\/media\/([0-9a-f-]{36})\.jpg$/;
export const mediaIdOf = (url: string): string | undefined => MEDIA_URL_PATTERN.exec(url)?.[1];

const uuid = text().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Invalid value');

/** Tags: an array (JSON) or "a, b, c" (a form field); trimmed, blanks and repeats dropped. */
const tagsField = z
  .unknown()
  .optional()
  .transform((raw, ctx): string[] => {
    const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined || raw === null ? [] : undefined;
    if (!list || list.some((t) => typeof t !== 'string')) {
      ctx.addIssue({ code: 'custom', message: 'Invalid value' });
      return z.NEVER;
    }
    const tags = [...new Set((list as string[]).map((t) => t.normalize('NFC').trim()).filter(Boolean))];
    // A tag is one line (isOneLine) like every other one-line field; no control character (tab included) either.
    if (tags.some((t) => CONTROL_CHARACTERS.test(t) || t.includes('\t') || !isOneLine(t))) ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
    else if (tags.length > REPORT_LIMITS.tags) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tagsTooMany });
    else if (tags.some((t) => t.length > REPORT_LIMITS.tag)) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tagTooLong });
    return tags;
  });

/** A checkbox ('on') or a JSON boolean. */
const flagField = z
  .unknown()
  .optional()
  .transform((raw) => raw === true || raw === 'on' || raw === 'true');

const dateField = z
  .unknown()
  .optional()
  .transform((raw, ctx): string => {
    const value = typeof raw === 'string' ? raw.trim() : '';
    const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(`${value}T12:00:00Z`).getTime()) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return value;
  });

/** What the editor sends (create and update). Form order: the error summary follows it. */
export const reportInputSchema = z
  .object({
    title: textField({ required: REPORT_MESSAGES.titleRequired, maxLength: REPORT_LIMITS.title }),
    category: z.unknown().transform((raw, ctx): string => {
      const found = REPORT_CATEGORIES.find((c) => c === raw);
      if (!found) {
        ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.categoryInvalid });
        return z.NEVER;
      }
      return found;
    }),
    date: dateField,
    author: textField({ required: false, name: true, maxLength: REPORT_LIMITS.author }),
    excerpt: textField({ required: false, multiline: true, maxLength: REPORT_LIMITS.excerpt }),
    tags: tagsField,
    featured: flagField,
    body: z.unknown().transform((raw, ctx): string => {
      const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n') : '';
      if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value)) ctx.addIssue({ code: 'custom', message: 'Invalid value' });
      else if (value.trim() === '') ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.bodyRequired });
      else if (value.length > REPORT_LIMITS.body) ctx.addIssue({ code: 'custom', message: `Keep the report under ${REPORT_LIMITS.body.toLocaleString('en-GB')} characters` });
      return value;
    }),
    imageId: z.union([uuid, z.literal('')]).optional().transform((v) => v || undefined),
    imageAlt: textField({ required: false, maxLength: REPORT_LIMITS.alt }),
  })
  .superRefine((value, ctx) => {
    if (value.imageId && !value.imageAlt) ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: REPORT_MESSAGES.altRequired });
  });
export type ReportInput = z.output<typeof reportInputSchema>;

const reportStatusSchema = z.enum(['draft', 'published']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** One report as the staff area sees it. */
export const adminReportSchema = z.object({
  id: text(),
  slug: text(),
  status: reportStatusSchema,
  title: text(),
  category: text(),
  date: text(),
  author: text(),
  excerpt: text(),
  tags: z.array(text()),
  featured: z.boolean(),
  /** The Markdown; for reports seeded as HTML, null (the editor starts from their HTML as text). */
  body: text().nullable(),
  content: text(),
  readTime: text(),
  image: text(),
  imageId: text().nullable(),
  imageAlt: text(),
  createdAt: text().nullable(),
  updatedAt: text().nullable(),
  publishedAt: text().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListSchema = z.object({ success: z.literal(true), results: z.array(adminReportSchema) });
export const adminReportResultSchema = z.object({ success: z.literal(true), data: adminReportSchema, reportId: text(), message: text() });

/** POST /api/admin/media/: the file's bytes, base64 (the API client speaks JSON). */
export const mediaUploadSchema = z.object({ data: text().min(1).max(Math.ceil((MEDIA_LIMITS.maxBytes * 4) / 3) + 8) });
export const mediaResultSchema = z.object({
  success: z.literal(true),
  mediaId: text(),
  data: z.object({ id: text(), url: text(), width: z.number(), height: z.number(), contentType: text() }),
});
/** The JSON body's cap on that route (the backend's own BODY_LIMIT_BYTES stays for everything else). */
export const MEDIA_UPLOAD_BODY_LIMIT = Math.ceil((MEDIA_LIMITS.maxBytes * 4) / 3) + 64 * 1024;

/** The home page's hero as staff edit it (POST /api/admin/content/hero/, issue 17 item 4). */
export const HERO_MESSAGES = {
  titleRequired: 'Enter the hero title',
  bodyRequired: 'Enter the hero text',
  ctaRequired: 'Enter the button text',
  saved: 'Home page hero saved. It is on the site now.',
} as const;

export const heroInputSchema = z
  .object({
    title: textField({ required: HERO_MESSAGES.titleRequired, maxLength: 120 }),
    body: textField({ required: HERO_MESSAGES.bodyRequired, multiline: true, maxLength: 600 }),
    ctaText: textField({ required: HERO_MESSAGES.ctaRequired, maxLength: 40 }),
    imageId: z.union([uuid, z.literal('')]).optional().transform((v) => v || undefined),
    imageAlt: textField({ required: false, maxLength: REPORT_LIMITS.alt }),
  })
  .superRefine((value, ctx) => {
    if (value.imageId && !value.imageAlt) ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: REPORT_MESSAGES.altRequired });
  });
export type HeroInput = z.output<typeof heroInputSchema>;
export const heroResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ title: text(), body: text(), ctaText: text(), heroImage: text(), heroImageAlt: text().optional() }),
  message: text(),
});

/**
 * An event card of the home page (the hero event and the grid: POST /api/admin/content/events/<slug>/)
 * or a programme row (POST /api/admin/programs/<id>/): title, the hero event's subtitle, the
 * programme's category, and an image. Card images sit beside their title: decorative (alt="").
 */
export const CARD_MESSAGES = {
  titleRequired: 'Enter a title',
  saved: 'Saved. It is on the site now.',
  notFound: 'There is no such event or programme row.',
} as const;

export const cardInputSchema = z.object({
  title: textField({ required: CARD_MESSAGES.titleRequired, maxLength: REPORT_LIMITS.title }),
  subtitle: textField({ required: false, maxLength: 200 }),
  category: textField({ required: false, maxLength: 60 }),
  imageId: z.union([uuid, z.literal('')]).optional().transform((v) => v || undefined),
});
export type CardInput = z.output<typeof cardInputSchema>;
export const cardResultSchema = z.object({ success: z.literal(true), message: text() });
