'use client';

import { useEffect } from 'react';

/**
 * Enhances the no-JS <details> menu: closes it when a link inside is chosen, on Escape (returning
 * focus to the toggle) and when a click lands outside it. Without JavaScript the menu still opens
 * and closes with its own summary, and links navigate as usual.
 */
export function MenuCloser({ menuId }: { menuId: string }) {
  useEffect(() => {
    const menu = document.getElementById(menuId);
    if (!(menu instanceof HTMLDetailsElement)) return;
    const close = (returnFocus: boolean) => {
      if (!menu.open) return;
      menu.open = false;
      if (returnFocus) menu.querySelector('summary')?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target.closest('a') && menu.contains(target)) close(false);
      else if (!menu.contains(target)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(menu.contains(document.activeElement));
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuId]);
  return null;
}
