'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styles from './share.module.css';

const noopSubscribe = () => () => undefined;

/** True only in the browser after hydration (false in the server HTML). */
function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}

function canWebShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Clipboard API first; the old selection + execCommand route where it is missing or refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  field.remove();
  return ok;
}

/**
 * The Share (Web Share API) and Copy Link buttons. Rendered only once JavaScript runs: without it
 * they could do nothing, and the plain share links beside them already work.
 */
export function ShareActions({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const announce = (message: string) => {
    setStatus(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(''), 4000);
  };

  const onShare = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // AbortError: the visitor closed the sheet; nothing to report.
      if (!(error instanceof DOMException && error.name === 'AbortError')) announce('Sharing is not available here. Use a link below.');
    }
  };

  const onCopy = async () => {
    announce((await copyText(url)) ? 'Link copied' : 'Could not copy the link. Copy it from the address bar.');
  };

  return (
    <>
      {hydrated ? (
        <div className={styles.actions}>
          {canWebShare() ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={onShare}>
            Share
          </button>
        ) : null}
          <button type="button" className="btn btn--outline btn--sm" onClick={onCopy}>
            Copy Link
          </button>
        </div>
      ) : null}
      <p role="status" className={styles.status}>
        {status}
      </p>
    </>
  );
}
