import localFont from 'next/font/local';

/**
 * Self-hosted fonts (latin subset, copied from @fontsource into public/fonts). Three files only:
 * Fraunces 700 for display type, Space Grotesk 400/700 for text. Fallback metrics are adjusted so
 * swapping in the web font shifts nothing (CLS 0).
 */
export const displayFont = localFont({
  src: [{ path: '../../public/fonts/fraunces-latin-700-normal.woff2', weight: '700', style: 'normal' }],
  variable: '--font-display',
  display: 'swap',
  preload: true,
  adjustFontFallback: 'Times New Roman',
  fallback: ['Georgia', 'Times New Roman', 'serif'],
});

export const textFont = localFont({
  src: [
    { path: '../../public/fonts/space-grotesk-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../public/fonts/space-grotesk-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-text',
  display: 'swap',
  preload: true,
  adjustFontFallback: 'Arial',
  fallback: ['system-ui', 'Segoe UI', 'Arial', 'sans-serif'],
});
