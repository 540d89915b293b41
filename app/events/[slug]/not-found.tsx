import { NotFoundBody } from '@/components/not-found/not-found-body';

/** notFound() from this page: normally proxy.ts answers a missing event first (lib/not-found/missing.ts). */
export default function NotFound() {
  return <NotFoundBody kind="event" />;
}
