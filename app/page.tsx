import { editionHeading, wristbandHours } from '@/contract/edition-copy';
import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import { getEditionStatus } from '@/lib/edition';
import { HomeHero } from '@/components/home/hero';
import { EditionSection } from '@/components/home/edition-section';
import { JoinBanner } from '@/components/home/join-banner';
import { LatestHighlights } from '@/components/home/latest-highlights';
import { PageError } from '@/components/home/page-error';
import { Podcasts } from '@/components/home/podcasts';
import { Projects } from '@/components/home/projects';
import { UpcomingEvents } from '@/components/home/upcoming-events';
import { ButtonLink } from '@/components/ui/button';
import { getConfig } from '@/lib/config';
import { getAllEventDetails, getEvents, getHero, getHighlights, getPodcasts, getPrograms } from '@/lib/content';
import { upcomingEvents } from '@/components/home/upcoming';
import type { Events, Hero } from '@/contract/content/schemas';
import { editionCallToAction } from '@/contract/edition-text';
import { FESTIVAL_FULL_NAME, HOME_HIGHLIGHTS_COUNT, formatFestivalDates } from '@/contract/festival';
import { requestLogger } from '@/lib/log';

export const metadata: Metadata = {
  title: { absolute: `${FESTIVAL_FULL_NAME} · Abeokuta` },
  alternates: { canonical: '/' },
};

/** Hero and events must both load; the getters fall back on their own, so a throw here is rare. */
async function loadEssentials(): Promise<{ hero: Hero; events: Events } | undefined> {
  try {
    const [hero, events] = await Promise.all([getHero(), getEvents()]);
    return { hero, events };
  } catch (error) {
    (await requestLogger('home')).error(`hero or events failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export default async function HomePage() {
  const config = getConfig();
  // One status per render (cached per request, shared with the header): what the page offers follows the edition's phase.
  const status = await getEditionStatus();
  const { edition } = status;
  const dates = formatFestivalDates(edition.startDate, edition.endDate);
  // One more than the home shows tells whether 'View All Reports' is needed.
  const [essentials, details, programs, podcasts, highlights] = await Promise.all([
    loadEssentials(),
    getAllEventDetails().catch(() => []),
    getPrograms().catch(() => []),
    getPodcasts().catch(() => []),
    getHighlights({ limit: HOME_HIGHLIGHTS_COUNT + 1 }).catch(() => ({ results: [], count: 0 })),
  ]);

  if (!essentials) {
    return <PageError action={<ButtonLink href="/">Try again</ButtonLink>} />;
  }

  const options = { registrationUrl: config.registrationUrl };
  return (
    <>
      <PreviewNotice page="/" />
      <HomeHero hero={essentials.hero} dates={dates} venue={edition.venue} cta={editionCallToAction(status, { ...options, registerLabel: essentials.hero.ctaText })} />
      {/* What is still to come at the edition's clock: the page renders per request, so passed dates drop out on their own. */}
      <UpcomingEvents {...upcomingEvents(essentials.events, details, new Date(status.now), status.phase === 'after')} dates={dates} ended={status.phase === 'after'} />
      <EditionSection programs={programs} dates={dates} venue={edition.venue} number={edition.number} heading={editionHeading(edition)} hours={wristbandHours(edition)} cta={editionCallToAction(status, options)} />
      <Projects />
      <LatestHighlights highlights={highlights.results} total={highlights.count} />
      <Podcasts podcasts={podcasts} />
      <JoinBanner />
    </>
  );
}
