import type { MetadataRoute } from 'next';
import { API_PATH_PREFIX, MEDIA_PATH_PREFIX } from '@/contract/api/endpoints';
import { PUBLIC_THANK_YOU_PAGES } from '@/contract/forms/public-forms';
import { absoluteUrl } from '@/lib/seo/urls';

/**
 * Everything public may be crawled except the API, the staff area and the post-submission pages
 * (every public form's, from PUBLIC_FORMS: a new form's thank-you page is kept out by itself).
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        // Report images are served under the API's path (issue 17): crawlers may fetch them.
        allow: ['/', MEDIA_PATH_PREFIX],
        disallow: [API_PATH_PREFIX, '/staff', ...PUBLIC_THANK_YOU_PAGES],
      },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
    host: new URL(absoluteUrl('/')).host,
  };
}
