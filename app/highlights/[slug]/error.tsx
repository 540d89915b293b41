'use client';

import { HIGHLIGHT_LOAD_ERROR } from '@/components/highlights/highlights-states';
import { ReportNotFound } from '@/components/highlights/report-not-found';

/** A report that threw while loading or rendering: 'Report Not Found' with the load-failure message. */
export default function ReportError() {
  return <ReportNotFound message={HIGHLIGHT_LOAD_ERROR} />;
}
