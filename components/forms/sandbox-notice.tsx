import { SANDBOX_NOTICE } from '@/contract/forms/donation-messages';
import { capabilities } from '@/lib/backend';
import styles from '@/components/info/preview-notice.module.css';

/** The donation pages under the built-in payment sandbox (no Paystack key): a plain "no money moves" (issue 43). */
export function SandboxNotice() {
  if (!capabilities().paymentSandbox) return null;
  return (
    <p className={styles.notice} data-testid="sandbox-notice">
      {SANDBOX_NOTICE.title} <span>{SANDBOX_NOTICE.body}</span>
    </p>
  );
}
