'use client';

import { useEffect } from 'react';
import { TICKET_WORKER_SCOPE, TICKET_WORKER_URL } from './offline-cache';

/**
 * Registers the offline worker (public/ticket-sw.js) for one scope: the ticket pages (a ticket
 * opened once opens again with no signal), the programme, or the gate (offline-cache.ts names the
 * scopes). Renders nothing. When the worker did not load this page (the document began on another
 * URL and the router brought it here, as after signing in to the gate, or the worker is new), it
 * asks the worker to keep the page: a full load through the worker is kept by the worker itself.
 * Where the browser has no service workers, or registering fails (private mode, storage off), the
 * page simply stays online-only. `enabled` is false under `next dev`: there the /_next/static/
 * files are not content-hashed, and a cache-first copy would hide every edit.
 */
export function OfflineWorker({ enabled, scope }: { enabled: boolean; scope: string }) {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const page = window.location.href;
    navigator.serviceWorker
      .register(TICKET_WORKER_URL, { scope, updateViaCache: 'none' })
      .then(async (registration) => {
        const worker = await activeWorker(registration);
        // Loaded through this scope's worker: it kept the page itself.
        if (cancelled || !worker || navigator.serviceWorker.controller === worker) return;
        worker.postMessage({ keep: page });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [enabled, scope]);
  return null;
}

/** The registration's worker once it is active (a first install takes a moment). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | undefined> {
  if (registration.active) return Promise.resolve(registration.active);
  const coming = registration.installing ?? registration.waiting;
  if (!coming) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    coming.addEventListener('statechange', () => {
      if (coming.state === 'activated') resolve(coming);
      else if (coming.state === 'redundant') resolve(registration.active ?? undefined);
    });
  });
}

/** The ticket pages' worker. */
export function TicketWorker({ enabled }: { enabled: boolean }) {
  return <OfflineWorker enabled={enabled} scope={TICKET_WORKER_SCOPE} />;
}
