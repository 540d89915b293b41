'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import type { AccountsState } from './accounts-state';
import type { StaffAccount } from '@/contract/api/admin';
import { PASSWORD_MIN_CHARS } from '@/contract/api/admin-limits';
import { STAFF_TEXT } from '@/lib/staff/messages';
import styles from './admin.module.css';

type Action = (state: AccountsState, formData: FormData) => Promise<AccountsState>;

/**
 * The accounts list and the add form, all posting to one server action. Without JavaScript each
 * form is a plain POST and the page comes back with the answer (useActionState's permalink); with
 * it, the same answer shows in place. A generated password is in that answer only, shown once.
 */
export function AccountsManager({ action, accounts, selfId, when }: { action: Action; accounts: StaffAccount[]; selfId: string; when: Record<string, string> }) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle', errors: {}, values: {}, seq: 0 }, '/staff/accounts');
  const errors = state.status === 'error' ? state.errors : {};
  const values = state.status === 'error' ? state.values : {};
  // The summary links to the add form's fields (ids new-<name>).
  const summaryErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [`new-${name}`, message]));
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`new-${name}-error`} className={styles.fieldError}>
        <span className="visually-hidden">Error: </span>
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      <div aria-live="polite" data-testid="accounts-answer">
        {state.status === 'success' ? (
          <div className={styles.success}>
            <p>
              {state.message}
              {state.data?.forEmail ? ` (${state.data.forEmail})` : ''}
            </p>
            {state.data?.generatedPassword ? (
              <p>
                {STAFF_TEXT.generatedPassword}
                <code className={styles.secret} data-testid="generated-password">
                  {state.data.generatedPassword}
                </code>
              </p>
            ) : null}
          </div>
        ) : null}
        {state.status === 'error' ? <ErrorSummary key={state.seq} errors={summaryErrors} message={state.message} /> : null}
      </div>

      <section className={styles.section} aria-labelledby="accounts-list-title">
        <h2 id="accounts-list-title">Accounts</h2>
        <p className={styles.muted}>{STAFF_TEXT.confirmHint}</p>
        <ul className={styles.accounts}>
          {accounts.map((a) => (
            <li key={a.id} className={styles.account} data-testid="account" data-email={a.email}>
              <h3>
                {a.name} {a.id === selfId ? <span className={styles.badge}>you</span> : null}
              </h3>
              <dl className={styles.facts}>
                <dt>Email</dt>
                <dd>{a.email}</dd>
                <dt>Role</dt>
                <dd>{a.role === 'admin' ? 'Admin' : 'Staff'}</dd>
                <dt>Status</dt>
                <dd data-testid="account-status">{a.disabledAt ? <span className={`${styles.badge} ${styles.badgeOff}`}>Disabled</span> : 'Active'}</dd>
                <dt>Added</dt>
                <dd>{when[a.id]}</dd>
              </dl>
              {/* Not for yourself: a reset ends your own session before you could read the new password. */}
              {a.id === selfId ? null : (
              <div className={styles.actions}>
                <form action={formAction}>
                  <input type="hidden" name="intent" value="reset" />
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" className={styles.button} disabled={pending}>
                    Reset password<span className="visually-hidden"> of {a.name}</span>
                  </button>
                </form>
                {a.disabledAt ? (
                  <form action={formAction}>
                    <input type="hidden" name="intent" value="enable" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className={styles.button} disabled={pending}>
                      Enable<span className="visually-hidden"> {a.name}</span>
                    </button>
                  </form>
                ) : (
                  <form action={formAction}>
                    <input type="hidden" name="intent" value="disable" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className={styles.dangerButton} disabled={pending}>
                      Disable<span className="visually-hidden"> {a.name}</span>
                    </button>
                  </form>
                )}
              </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <form action={formAction} className={styles.form} aria-labelledby="add-title" noValidate key={`add-${state.seq}`}>
        <h2 id="add-title">Add a staff member</h2>
        <input type="hidden" name="intent" value="add" />
        <div className={styles.field}>
          <label htmlFor="new-name">Full name</label>
          {fieldError('name')}
          <input id="new-name" name="name" autoComplete="off" defaultValue={values.name ?? ''} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'new-name-error' : undefined} />
        </div>
        <div className={styles.field}>
          <label htmlFor="new-email">Email address</label>
          {fieldError('email')}
          <input
            id="new-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email ?? ''}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'new-email-error' : undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="new-role">Role</label>
          <p id="new-role-hint" className={styles.fieldHint}>
            Admins also manage accounts and read the audit log.
          </p>
          {fieldError('role')}
          <select id="new-role" name="role" defaultValue={values.role || 'staff'} aria-describedby={errors.role ? 'new-role-hint new-role-error' : 'new-role-hint'} aria-invalid={errors.role ? true : undefined}>
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="new-password">
            Initial password <span className={styles.muted}>(optional)</span>
          </label>
          <p id="new-password-hint" className={styles.fieldHint}>
            {STAFF_TEXT.addIntro} At least {PASSWORD_MIN_CHARS} characters if you choose one.
          </p>
          {fieldError('password')}
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            aria-describedby={errors.password ? 'new-password-hint new-password-error' : 'new-password-hint'}
            aria-invalid={errors.password ? true : undefined}
          />
        </div>
        <div>
          <button type="submit" className={`${styles.button} ${styles.primaryButton}`} disabled={pending}>
            Add staff member
          </button>
        </div>
      </form>
    </>
  );
}
