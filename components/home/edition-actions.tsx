import type { ReactNode } from 'react';
import type { EditionAction } from '@/contract/edition-text';
import { ButtonLink } from '@/components/ui/button';

/**
 * The edition's links as large buttons, the main one first and filled, the rest outlined (the hero
 * and the home page's edition section). `children` come after them (the hero's "What's on").
 */
export function EditionActions({ actions, className, ghostClassName, children }: { actions: EditionAction[]; className: string | undefined; ghostClassName: string | undefined; children?: ReactNode }) {
  return (
    <div className={className}>
      {actions.map((action, i) => (
        <ButtonLink key={action.kind} href={action.href} size="lg" variant={i === 0 ? 'light' : 'outline'} className={i === 0 ? undefined : ghostClassName}>
          {action.label}
        </ButtonLink>
      ))}
      {children}
    </div>
  );
}
