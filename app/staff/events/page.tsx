import type { Metadata } from 'next';
import Link from 'next/link';
import { HeroEditor } from '@/components/staff/hero-editor';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { getHero } from '@/lib/content';
import { HERO_MESSAGES, mediaIdOf } from '@/lib/contract/reports';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { requireStaff } from '@/lib/staff/session';
import { heroAction } from './actions';

export const metadata: Metadata = { title: 'Events & programme', robots: { index: false, follow: false } };

/** The home page's hero (issue 17 item 4). Staff only (checked here and in the action). */
export default async function StaffEventsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  const staff = await requireStaff('/staff/events');
  if (!isPublishingEnabled()) {
    return (
      <StaffShell staff={staff} current="/staff/events" title="Events & programme">
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      </StaffShell>
    );
  }
  const hero = await getHero();
  const done = (await searchParams).done === 'hero';
  const imageId = mediaIdOf(hero.heroImage);
  return (
    <StaffShell staff={staff} current="/staff/events" title="Events & programme">
      {done ? (
        <p role="status" className={styles.flash}>
          {HERO_MESSAGES.saved}
        </p>
      ) : null}
      <HeroEditor
        action={heroAction}
        initial={{ title: hero.title, body: hero.body, ctaText: hero.ctaText, imageUrl: hero.heroImage, imageAlt: hero.heroImageAlt ?? '', imageId: imageId ?? '' }}
      />
      <p className={styles.itemMeta}>
        Events and programme sessions are not editable here yet: they come from the site&apos;s built-in copy. See them on the{' '}
        <Link href="/programme" prefetch={false}>
          programme
        </Link>
        .
      </p>
    </StaffShell>
  );
}
