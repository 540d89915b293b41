/**
 * In-page measurements shared by the quality specs: touch-target sizes (WCAG 2.5.8), focus
 * visibility (2.4.7/2.4.11), reflow (1.4.10), text resize (1.4.4), reduced motion (2.3.3), images.
 * Each returns human-readable findings; an empty list means the page passes.
 */
import type { Page } from '@playwright/test';

const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

/** Targets under 24×24 CSS px, minus WCAG 2.5.8's exceptions (inline links in text, spacing). */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || el.getAttribute('name') || ''}]`;
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0;
    };
    const targets = [...document.querySelectorAll(selector)].filter(visible);
    const boxes = targets.map((el) => el.getBoundingClientRect());
    const findings: string[] = [];
    targets.forEach((el, i) => {
      const r = boxes[i]!;
      if (r.width >= 24 && r.height >= 24) return;
      // Inline exception: a link inside a sentence is sized by the line of text around it.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
        const parentText = (el.parentElement?.textContent ?? '').trim();
        if (parentText.length > (el.textContent ?? '').trim().length) return;
      }
      // Spacing exception: a 24 px circle centred on the target touches no other target.
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const crowded = boxes.some((o, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (crowded) findings.push(`${describe(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
    });
    return findings;
  }, INTERACTIVE);
}

/** Is there a visible focus indicator on the focused element (outline or box-shadow)? */
export function focusIndicator(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { element: 'body', visible: false };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
    const shadow = s.boxShadow !== 'none' && s.boxShadow !== '';
    return { element: `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`, visible: outline || shadow };
  });
}

/** Content wider than the viewport, or text clipped by an overflow:hidden box. */
export function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) findings.push(`page scrolls sideways: ${doc.scrollWidth}px content in ${doc.clientWidth}px`);
    for (const el of document.querySelectorAll('body *')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      const clipsX = (s.overflowX === 'hidden' || s.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 2;
      const clipsY = (s.overflowY === 'hidden' || s.overflowY === 'clip') && el.scrollHeight > el.clientHeight + 2;
      if (!clipsX && !clipsY) continue;
      // Visually-hidden helpers (1px clip boxes) and empty boxes clip on purpose.
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      if (s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none') continue;
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      if (text) findings.push(`${el.tagName.toLowerCase()}.${el.className} clips its text`);
    }
    return findings;
  });
}

/** Animations and transitions still running longer than ~10 ms under prefers-reduced-motion. */
export function motionUnderReduce(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (v: string) => Math.max(...v.split(',').map((p) => (p.trim().endsWith('ms') ? parseFloat(p) / 1000 : parseFloat(p)) || 0));
    const findings: string[] = [];
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') findings.push('html has scroll-behavior: smooth');
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        const animated = s.animationName !== 'none' && seconds(s.animationDuration) > 0.01;
        const transitioned = s.transitionProperty !== 'none' && seconds(s.transitionDuration) > 0.01;
        if (animated || transitioned) {
          findings.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}${pseudo ?? ''}: ${animated ? `animation ${s.animationName} ${s.animationDuration}` : `transition ${s.transitionDuration}`}`);
        }
      }
    }
    return [...new Set(findings)].slice(0, 20);
  });
}

/** Images without intrinsic size (layout shift) or raster images without a srcset. */
export function imageProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    for (const img of document.querySelectorAll('img')) {
      const src = img.getAttribute('src') ?? '';
      const sized = (img.hasAttribute('width') && img.hasAttribute('height')) || img.dataset.nimg === 'fill';
      if (!sized) findings.push(`img ${src} has no width/height`);
      const raster = !/\.svg(\?|$)/i.test(src) && !src.startsWith('data:');
      if (raster && !img.srcset) findings.push(`img ${src} has no srcset (responsive sizes)`);
    }
    return findings;
  });
}
