import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

const PLACEHOLDER_IMAGE = '/images/placeholder.webp';

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
 * placeholder). A server component (issue 15): `getImageProps` gives the optimized `<img>`
 * attributes without next/image's client component, so no image code is sent to the browser.
 * A broken image, with or without JavaScript, shows the placeholder through CSS: globals.css hides
 * its alt text and icon (color: transparent) and paints the placeholder in its ::after, which only
 * a broken image renders. The LCP image is preloaded with React's `preload` (what next/image
 * itself does in the App Router).
 */
export function ContentImage({ src, alt, className, preload = false, ratio, ...sizing }: ContentImageProps) {
  const { props } = getImageProps({
    ...sizing,
    src: src || PLACEHOLDER_IMAGE,
    alt,
    preload,
    loading: preload ? 'eager' : 'lazy',
    fetchPriority: preload ? 'high' : undefined,
  });
  if (preload) {
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    });
  }
  const wrapperClass = ['content-image', sizing.fill ? 'content-image--fill' : '', className].filter(Boolean).join(' ');
  return (
    <span className={wrapperClass} style={ratio ? { aspectRatio: ratio } : undefined}>
      {/* eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes, from getImageProps */}
      <img {...props} alt={alt} data-nimg={sizing.fill ? 'fill' : '1'} />
    </span>
  );
}
