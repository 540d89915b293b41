'use client';

import { useEffect } from 'react';
import { TICKET_WORKER_SCOPE, TICKET_WORKER_URL } from './offline-cache';

/**
 * Registers the ticket worker (public/ticket-sw.js) from the ticket pages, so a ticket opened once
 * opens again with no signal. Renders nothing. Where the browser has no service workers, or
 * registering fails (private mode, storage off), the page simply stays online-only. `enabled` is
 * false under `next dev`: there the /_next/static/ files are not content-hashed, and a cache-first
 * copy would hide every edit.
 */
export function TicketWorker({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(TICKET_WORKER_URL, { scope: TICKET_WORKER_SCOPE, updateViaCache: 'none' }).catch(() => undefined);
  }, [enabled]);
  return null;
}
