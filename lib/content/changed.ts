import 'server-only';
import { updateTag } from 'next/cache';
import { CONTENT_CACHE_TAG } from '@/lib/backend';
import { forgetKnownContent } from '@/lib/not-found/known-content';

/**
 * Staff changed what the public sees (server actions only, for updateTag): an external API's cached
 * answers are asked again (tag 'content', lib/backend), and the proxy's memory of which slugs exist
 * is emptied, so an unpublished report or a removed event answers 404 at once on this instance.
 */
export function contentChanged(): void {
  updateTag(CONTENT_CACHE_TAG);
  forgetKnownContent();
}
