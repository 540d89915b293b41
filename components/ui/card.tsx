import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { ContentImage } from './content-image';

export interface CardProps {
  href: string;
  title: string;
  image: string;
  imageAlt?: string;
  /** Small line above the title (category, date...). */
  meta?: ReactNode;
  children?: ReactNode;
  sizes?: string;
  headingLevel?: 2 | 3 | 4;
  ratio?: string;
}

/**
 * An image card whose title is the link; the whole card is clickable through a stretched link
 * (::after), so there is one tab stop and one accessible name per card.
 */
export function Card({
  href,
  title,
  image,
  imageAlt = '',
  meta,
  children,
  sizes = '(min-width: 1100px) 360px, (min-width: 700px) 45vw, 92vw',
  headingLevel = 3,
  ratio = '3 / 2',
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card">
      <ContentImage src={image} alt={imageAlt} fill sizes={sizes} ratio={ratio} className="card__image" />
      <div className="card__body">
        {meta ? <p className="card__meta">{meta}</p> : null}
        <Heading className="card__title">
          <Link href={href} className="card__link">
            {title}
          </Link>
        </Heading>
        {children}
      </div>
    </article>
  );
}
