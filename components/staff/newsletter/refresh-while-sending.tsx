'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** With JavaScript, a campaign being sent refreshes its figures every few seconds (without, a reload does). */
export function RefreshWhileSending({ everyMs = 5_000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
