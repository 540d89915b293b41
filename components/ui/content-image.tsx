'use client';

import Image from 'next/image';
import { useState } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.webp';

type Sizing =
  | { fill: true; sizes: string; width?: never; height?: never }
  | { fill?: false; width: number; height: number; sizes?: string };

export type ContentImageProps = Sizing & {
  src: string;
  alt: string;
  className?: string;
  /** The page's LCP image: preloaded and fetched eagerly. Everything else is lazy. */
  preload?: boolean;
  /** Aspect ratio of the wrapper for `fill` images, e.g. "3 / 2" (reserves space: no layout shift). */
  ratio?: string;
};

/**
 * A content image that never shows a broken icon (spec §8: failed images fall back to a
 * placeholder). With JavaScript, onError swaps the source to the placeholder. Without it, the
 * wrapper paints the placeholder as its background and globals.css hides a broken img's alt text
 * and icon (color: transparent + a ::after that covers it), so only the placeholder shows.
 */
export function ContentImage({ src, alt, className, preload = false, ratio, ...sizing }: ContentImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = failedSrc === src || !src ? PLACEHOLDER_IMAGE : src;
  const wrapperClass = ['content-image', sizing.fill ? 'content-image--fill' : '', className].filter(Boolean).join(' ');
  return (
    <span className={wrapperClass} style={ratio ? { aspectRatio: ratio } : undefined}>
      <Image
        {...sizing}
        src={current}
        alt={alt}
        preload={preload}
        loading={preload ? 'eager' : 'lazy'}
        fetchPriority={preload ? 'high' : undefined}
        onError={() => {
          if (current !== PLACEHOLDER_IMAGE) setFailedSrc(src);
        }}
      />
    </span>
  );
}
