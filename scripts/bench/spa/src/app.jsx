import { useEffect, useState } from 'react';
import styles from '../../../../components/home/home.module.css';

const LINKS = [
  ['/about', 'About'], ['/highlights', 'Highlights'], ['/#projects', 'Projects'], ['/volunteer', 'Volunteer'],
  ['/donations', 'Donations'], ['/partnerships', 'Partnerships & Collaborations'],
];

// The one API client (spec §7): JSON, 10 s timeout, credentials included. Paths without the
// trailing slash: our /api answers the slashed ones with a 308, a round trip the baseline is spared.
async function api(path) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const res = await fetch(path, { credentials: 'include', headers: { 'content-type': 'application/json' }, signal: controller.signal });
    if (!res.ok) throw new Error(`${res.status} ${path}`);
    return await res.json();
  } finally {
    clearTimeout(timer);
  }
}

function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href="/" className="logo"><span className="logo__mark" aria-hidden="true">Ì</span><span className="logo__text">Ìtàn Festival</span></a>
        <nav className="desktop-nav" aria-label="Main">
          <ul className="desktop-nav__list">
            {LINKS.map(([href, label]) => <li key={href}><a href={href} className="nav-link">{label}</a></li>)}
          </ul>
          <a href="/register" className="btn btn--primary btn--sm desktop-nav__register">Register</a>
        </nav>
        <div className="mobile-bar">
          <a href="/#register" className="btn btn--primary btn--sm mobile-bar__register">Register</a>
          <details className="mobile-menu">
            <summary className="mobile-menu__toggle" aria-label="Menu"><span className="mobile-menu__icon" aria-hidden="true"><span /><span /><span /></span></summary>
          </details>
        </div>
      </div>
    </header>
  );
}

function Card({ href, title, image, children }) {
  return (
    <article className="card">
      <span className="content-image content-image--fill card__image" style={{ aspectRatio: '3 / 2' }}><img src={image} alt="" /></span>
      <div className="card__body">
        <h3 className="card__title"><a href={href} className="card__link">{title}</a></h3>
        {children}
      </div>
    </article>
  );
}

function Home({ data }) {
  const { hero, events, programs, highlights, podcasts } = data;
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroCopy}>
            <p className={styles.heroKicker}><span>24–25 October 2025</span><span aria-hidden="true">·</span><span>Abeokuta, Ogun State</span></p>
            <h1 id="hero-title" className={styles.heroTitle}>{hero.title}</h1>
            <p className={styles.heroBody}>{hero.body}</p>
            <div className={styles.heroActions}>
              <a href="/register" className="btn btn--light btn--lg">{hero.ctaText}</a>
              <a href="/#whats-on" className={`btn btn--outline btn--lg ${styles.heroGhost}`}>What&apos;s on</a>
            </div>
          </div>
          <div className={styles.heroArt}>
            <span className={`content-image content-image--fill ${styles.heroImage}`} style={{ aspectRatio: '4 / 3' }}><img src={hero.heroImage} alt="" /></span>
          </div>
        </div>
      </section>
      <section id="whats-on" className={styles.section}>
        <div className="container">
          <header className="section-heading section-heading--left"><p className="eyebrow">What&apos;s on</p><h2 className="section-heading__title">Upcoming Events</h2></header>
          <Card href={`/${events.heroEvent.slug}`} title={events.heroEvent.title} image={events.heroEvent.image}><p>{events.heroEvent.subtitle}</p></Card>
          <ul className={styles.grid3}>{events.events.slice(0, 3).map((e) => <li key={e.slug}><Card href={`/${e.slug}`} title={e.title} image={e.image} /></li>)}</ul>
        </div>
      </section>
      <section id="register" className={`${styles.section} ${styles.edition}`}>
        <div className={`container ${styles.editionInner}`}>
          <ol className={styles.programmeList}>
            {programs.map((p) => (
              <li key={p.id} className={styles.programmeRow}>
                <img src={p.avatar} alt="" width={64} height={64} className={styles.avatar} />
                <div className={styles.programmeText}><p className={styles.programmeLabel}>{p.leftLabel}</p><a href={`/events/${p.slug}`} className={styles.programmeLink}>{p.title}</a><p className={styles.programmeWhen}>{p.subtitle}</p></div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className={styles.section}>
        <div className="container">
          <header className="section-heading section-heading--left"><p className="eyebrow">Reports</p><h2 className="section-heading__title">Latest Highlights</h2></header>
          <ul className={styles.grid3}>{highlights.slice(0, 3).map((h) => <li key={h.slug}><Card href={`/highlights/${h.slug}`} title={h.title} image={h.image}><p>{h.excerpt}</p></Card></li>)}</ul>
        </div>
      </section>
      <section id="podcasts" className={`${styles.section} ${styles.podcasts}`}>
        <div className="container">
          <ul className={styles.podcastGrid}>
            {podcasts.map((p) => (
              <li key={p.id} className={styles.podcast}>
                <img src={p.image} alt="" width={160} height={160} className={styles.podcastImage} />
                <div className={styles.podcastBody}><h3 className={styles.podcastTitle}>{p.title}</h3><p className={styles.podcastText}>{p.description}</p></div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export function App() {
  const [state, setState] = useState({ status: 'loading' });
  useEffect(() => {
    Promise.all([api('/api/content/hero'), api('/api/content/events')])
      .then(async ([hero, events]) => {
        const [programs, highlights, podcasts] = await Promise.all([
          api('/api/content/programs').catch(() => []),
          api('/api/content/highlights?limit=4').then((r) => r.results ?? r).catch(() => []),
          api('/api/content/podcasts').catch(() => []),
        ]);
        setState({ status: 'loaded', data: { hero, events, programs, highlights, podcasts } });
      })
      .catch(() => setState({ status: 'error' }));
  }, []);
  return (
    <>
      <Header />
      <main id="main">
        {state.status === 'loading' ? (
          <div className="page-state" role="status"><span className="spinner spinner--lg" aria-hidden="true" /><p>Loading...</p></div>
        ) : state.status === 'error' ? (
          <div className="page-state"><p>Unable to load page content. Please try again.</p></div>
        ) : (
          <Home data={state.data} />
        )}
      </main>
    </>
  );
}
