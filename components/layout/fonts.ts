import localFont from 'next/font/local';

/**
 * Self-hosted fonts (public/fonts, made from @fontsource by scripts/fonts/subset.sh: the site's
 * characters and Yorùbá's, 34 KB for the three). Three files only: Fraunces 700 for display type,
 * Space Grotesk 400/700 for text.
 *
 * Not preloaded (issue 15): on slow 4G a preload (sent in the Link header) starts the 45 KB of
 * fonts beside the LCP image and shares the link with it, yet with `optional` they arrive after
 * the first paint and are not used on that view anyway. Requested by the first layout instead,
 * they are cached for the next page.
 *
 * `display: 'optional'`: a font that is not there for the first paint is not swapped in later on
 * that page view (the next page has it from the cache). With 'swap', fonts landing after the first
 * paint on slow data moved the page (home CLS 0.24 with fonts 1.5 s late): the adjusted fallback
 * metrics are for Arial and Times New Roman, which Android phones do not have.
 * e2e/quality/late-fonts.spec.ts holds this.
 */
export const displayFont = localFont({
  src: [{ path: '../../public/fonts/fraunces-700-normal.woff2', weight: '700', style: 'normal' }],
  variable: '--font-display',
  display: 'optional',
  preload: false,
  adjustFontFallback: 'Times New Roman',
  fallback: ['Georgia', 'Times New Roman', 'serif'],
});

export const textFont = localFont({
  src: [
    { path: '../../public/fonts/space-grotesk-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../public/fonts/space-grotesk-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-text',
  display: 'optional',
  preload: false,
  adjustFontFallback: 'Arial',
  fallback: ['system-ui', 'Segoe UI', 'Arial', 'sans-serif'],
});
