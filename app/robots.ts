import type { MetadataRoute } from 'next';
import { API_PATH_PREFIX, MEDIA_PATH_PREFIX } from '@/contract/api/endpoints';
import { absoluteUrl } from '@/lib/seo/urls';

/** Everything public may be crawled except the API and the post-submission pages. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        // Report images are served under the API's path (issue 17): crawlers may fetch them.
        allow: ['/', MEDIA_PATH_PREFIX],
        disallow: [API_PATH_PREFIX, '/staff', '/donations/thank-you', '/partnerships/thank-you', '/registration/thank-you', '/volunteer/apply/thank-you'],
      },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
    host: new URL(absoluteUrl('/')).host,
  };
}
