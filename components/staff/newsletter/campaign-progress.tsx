import type { CampaignProgress as Progress } from '@/contract/api/campaigns';
import { CAMPAIGN_TEXT, type CampaignSectionKey } from '@/lib/staff/newsletter-messages';
import styles from './newsletter.module.css';

const ORDER = ['recipients', 'queued', 'sent', 'failed', 'skipped', 'waiting'] as const;

/** A campaign's figures: a plain list that a reload brings up to date (no JavaScript needed). */
export function CampaignProgress({ progress, compact = false, section = 'newsletter' }: { progress: Progress; compact?: boolean; section?: CampaignSectionKey }) {
  return (
    <dl className={compact ? styles.figuresCompact : styles.figures} data-testid="campaign-progress">
      {ORDER.map((key) => (
        <div key={key} className={styles.figure}>
          <dt>{CAMPAIGN_TEXT[section].figures[key]}</dt>
          <dd data-figure={key}>{progress[key].toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}
