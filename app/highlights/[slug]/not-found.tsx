import { ReportNotFound } from '@/components/highlights/report-not-found';
import { HIGHLIGHT_NOT_FOUND } from '@/lib/content';

/** A report that exists neither in the API nor locally: 'Report Not Found' with a 404 status. */
export default function ReportNotFoundPage() {
  return <ReportNotFound message={`${HIGHLIGHT_NOT_FOUND}. It may have moved, or the link may be mistyped.`} />;
}
