import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo/urls';

/** Everything public may be crawled except the API and the post-submission pages. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        // Report images are served from /api/media/ (issue 17): crawlers may fetch them.
        allow: ['/', '/api/media/'],
        disallow: ['/api/', '/staff', '/donations/thank-you', '/partnerships/thank-you', '/registration/thank-you', '/volunteer/apply/thank-you'],
      },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
    host: new URL(absoluteUrl('/')).host,
  };
}
