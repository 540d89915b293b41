import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  /** The heading's id, for aria-labelledby on the section. */
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  level?: 1 | 2 | 3;
  align?: 'start' | 'center';
  tone?: 'default' | 'inverse';
}

/** Eyebrow + heading + intro, the rhythm every section starts with. */
export function SectionHeading({ id, eyebrow, title, intro, level = 2, align = 'start', tone = 'default' }: SectionHeadingProps) {
  const Heading = `h${level}` as const;
  return (
    <header className={`section-heading section-heading--${align} section-heading--${tone}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading id={id} className="section-heading__title">
        {title}
      </Heading>
      {intro ? <div className="section-heading__intro">{intro}</div> : null}
    </header>
  );
}
