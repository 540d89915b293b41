import { NotFoundBody } from '@/components/not-found/not-found-body';

/** notFound() from this segment's page: status 404 with the report's own message. */
export default function NotFound() {
  return <NotFoundBody kind="report" />;
}
