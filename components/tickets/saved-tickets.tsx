'use client';

import { useEffect, useState } from 'react';
import { keptTicketOf, TICKET_PAGES_CACHE_PREFIX } from './offline-cache';
import styles from './saved-tickets.module.css';

interface KeptTicket {
  reference: string;
  href: string;
  /** The cache key (the page's full URL), to remove it. */
  url: string;
  /** When the kept copy was last loaded from the server (its Date header). */
  savedAt: string | undefined;
}

type State = { kind: 'reading' } | { kind: 'unsupported' } | { kind: 'failed' } | { kind: 'read'; tickets: KeptTicket[] };

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

async function pagesCaches(): Promise<Cache[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(TICKET_PAGES_CACHE_PREFIX));
  return Promise.all(names.map((name) => caches.open(name)));
}

/** The ticket pages the ticket worker keeps on this phone (public/ticket-sw.js), by reference. */
async function readKeptTickets(): Promise<KeptTicket[]> {
  const found = new Map<string, KeptTicket>();
  for (const cache of await pagesCaches()) {
    for (const request of await cache.keys()) {
      const ticket = keptTicketOf(request.url, window.location.origin);
      if (!ticket || found.has(request.url)) continue;
      const date = (await cache.match(request, { ignoreVary: true }))?.headers.get('date');
      const savedAt = date && !Number.isNaN(Date.parse(date)) ? when.format(new Date(date)) : undefined;
      found.set(request.url, { ...ticket, url: request.url, savedAt });
    }
  }
  return [...found.values()].sort((a, b) => a.reference.localeCompare(b.reference));
}

async function readState(): Promise<State> {
  if (typeof caches === 'undefined') return { kind: 'unsupported' };
  return readKeptTickets().then(
    (tickets): State => ({ kind: 'read', tickets }),
    (): State => ({ kind: 'failed' }),
  );
}

/**
 * "Tickets on this phone": reads what the ticket worker keeps, in the browser (the server cannot
 * know). Server-rendered empty, so a page without JavaScript shows only its <noscript> note.
 */
export function SavedTickets() {
  const [state, setState] = useState<State>({ kind: 'reading' });

  useEffect(() => {
    let live = true;
    readState().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);

  async function remove(url: string) {
    await pagesCaches()
      .then((all) => Promise.all(all.map((cache) => cache.delete(url))))
      .catch(() => undefined);
    setState(await readState());
  }

  const none = state.kind === 'reading' || (state.kind === 'read' && state.tickets.length === 0);
  // The server's HTML already holds the status line and the hint the empty list shows, so the page
  // does not move when the list is read (the late-fonts check measures it).
  return (
    <div className={styles.saved} data-testid="saved-tickets" data-state={state.kind}>
      <div role="status" className={styles.status}>
        <p>
          {state.kind === 'unsupported'
            ? 'This browser cannot keep tickets for use offline. Open your ticket page and use “Save ticket image”, or print it.'
            : state.kind === 'failed'
              ? 'The tickets on this phone could not be read (the browser may block storage for this site, for example in a private window).'
              : state.kind === 'read'
                ? state.tickets.length === 0
                  ? 'No tickets are saved on this phone yet.'
                  : `${state.tickets.length} ticket${state.tickets.length === 1 ? '' : 's'} saved on this phone.`
                : '\u00a0'}
        </p>
      </div>
      {none ? <p>Open your ticket once from the link in your email while you have a connection: this phone then keeps it, and it opens here with no signal.</p> : null}
      {state.kind === 'read' && state.tickets.length > 0 ? (
        <ul className={styles.list}>
          {state.tickets.map((ticket) => (
            <li key={ticket.url} className={styles.item}>
              {/* A plain link: the worker answers the page's navigation from this phone when offline. */}
              <a href={ticket.href} className={styles.ticket}>
                Ticket <span className={styles.reference}>{ticket.reference}</span>
              </a>
              {ticket.savedAt ? <span className={styles.when}>Saved {ticket.savedAt}</span> : null}
              <button type="button" className={styles.remove} onClick={() => void remove(ticket.url)}>
                Remove from this phone<span className="visually-hidden">: ticket {ticket.reference}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
