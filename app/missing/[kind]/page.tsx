import type { Metadata } from 'next';
import { connection } from 'next/server';
import { NotFoundBody } from '@/components/not-found/not-found-body';
import { parseMissingKind } from '@/lib/not-found/kind';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Where proxy.ts rewrites a missing report, event or page, with status 404 (lib/not-found/missing.ts).
 * Rendered per request: it carries the request's CSP nonce, and no cache keeps a 404 once the
 * page appears.
 */
export default async function MissingPage({ params }: { params: Promise<{ kind: string }> }) {
  await connection();
  return <NotFoundBody kind={parseMissingKind((await params).kind)} />;
}
