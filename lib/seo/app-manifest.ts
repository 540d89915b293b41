import type { MetadataRoute } from 'next';

/**
 * What the site's two web app manifests share (app/manifest.ts installs the visitors' tickets,
 * app/gate.webmanifest/route.ts the gate): the look of the installed app. Colours: app/globals.css
 * (--color-paper, --color-indigo-800, the theme colour of app/layout.tsx). Icons: app/icon.svg,
 * drawn at 192 and 512 px, and a maskable one with the mark inside the safe zone.
 */
export const APP_LOOK = {
  lang: 'en-NG',
  display: 'standalone',
  background_color: '#fbf3e4',
  theme_color: '#1d2a6b',
  icons: [
    { src: '/images/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/images/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/images/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const satisfies Partial<MetadataRoute.Manifest>;
