'use client';

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** The spec's loading text (§2). */
const LOADING_TEXT = 'Loading...';

/** Shown only when a navigation takes longer than this: fast ones never flash. */
const SHOW_AFTER_MS = 150;
/** Give up waiting (a navigation that failed or was cancelled) after this long. */
const GIVE_UP_MS = 15_000;

function isClientNavigation(event: MouseEvent): HTMLAnchorElement | undefined {
  // Not checking defaultPrevented: next/link prevents the browser's navigation to do its own.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined;
  }
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  // Same page, another anchor: the browser scrolls, nothing loads.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return anchor;
}

/**
 * The loading state of spec §2 (a spinner and 'Loading...') for navigations between pages.
 * It is not a loading.tsx on purpose: that wraps the page in a Suspense boundary whose streamed
 * content never replaces the fallback without JavaScript. Here the server always sends the whole
 * page, and with JavaScript a visitor waiting on a slow connection sees the spinner.
 */
export function NavigationStatus() {
  const [pending, setPending] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (!isClientNavigation(event)) return;
      setPending(true);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (!pending) return;
    const startedAt = window.location.href;
    const started = performance.now();
    let frame = 0;
    const showTimer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    // The router commits a navigation by changing the URL: watch for that while pending only.
    const watch = () => {
      if (window.location.href !== startedAt || performance.now() - started > GIVE_UP_MS) {
        setPending(false);
        setVisible(false);
        return;
      }
      frame = window.requestAnimationFrame(watch);
    };
    frame = window.requestAnimationFrame(watch);
    return () => {
      window.clearTimeout(showTimer);
      window.cancelAnimationFrame(frame);
    };
  }, [pending]);

  return (
    <div className="navigation-status" role="status" aria-live="polite" data-visible={visible ? 'true' : 'false'}>
      {visible ? (
        <p className="navigation-status__inner">
          <Spinner size="sm" />
          <span>{LOADING_TEXT}</span>
        </p>
      ) : null}
    </div>
  );
}
