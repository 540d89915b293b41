import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { AmountChoice } from '@/components/forms/amount-choice';
import { Field } from '@/components/forms/field';
import { FormActions, FormRow, FormSection } from '@/components/forms/layout';
import styles from '@/components/forms/page.module.css';
import { SubmitButton } from '@/components/forms/submit-button';
import { SandboxNotice } from '@/components/forms/sandbox-notice';
import { CHECKOUT_FORM_TEXT, DONATION_FIELD_LABELS as L } from '@/contract/forms/donation-messages';
import { capabilities } from '@/lib/backend';
import { getDonationPolicy } from '@/lib/content';
import { DONATION_MIN_NGN, FESTIVAL_NAME, formatNaira } from '@/contract/festival';
import { donateAction, donateCheckoutAction } from './actions';

export const metadata: Metadata = {
  title: 'Donate',
  description: `Support ${FESTIVAL_NAME}: free readings, workshops and libraries for young readers. Donate in naira by card, bank transfer or USSD.`,
};

/**
 * The donation form. Rendered per request (its idempotency key), which also makes Next send
 * Cache-Control: no-store — nothing on this page may sit in a shared cache.
 */
export default async function DonationsPage() {
  await connection();
  const policy = await getDonationPolicy();
  // Live (the backend offers Paystack's checkout): Paystack's page takes the payment. Else the
  // spec's card form, for the sandbox or the festival's external backend.
  const checkout = capabilities().checkout !== null;
  return (
    <FormPage
      id="donate-title"
      eyebrow="Donate"
      title="Keep the stories coming"
      intro={
        <p>
          Your gift keeps the festival free to attend and stocks our community reading rooms. Donations are in naira
          (NGN); the smallest is {formatNaira(DONATION_MIN_NGN)}.
        </p>
      }
    >
      <PreviewNotice page="/donations" />
      <SandboxNotice />
      <ActionForm
        action={checkout ? donateCheckoutAction : donateAction}
        form="donation"
        idempotencyKey={crypto.randomUUID()}
        permalink="/donations"
        labels={L}
        aria-labelledby="donate-title"
      >
        <AmountChoice />
        <FormSection id="donor-title" title="Your details">
          <FormRow>
            <Field name="firstName" label={L.firstName} autoComplete="given-name" spellCheck={false} />
            <Field name="lastName" label={L.lastName} autoComplete="family-name" spellCheck={false} />
          </FormRow>
          <Field name="email" label={L.email} type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We email your receipt here." />
          <Field name="phone" label={L.phone} type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
          <Field name="streetAddress" label={L.streetAddress} autoComplete="address-line1" />
          <FormRow>
            <Field name="city" label={L.city} autoComplete="address-level2" />
            <Field name="state" label={L.state} autoComplete="address-level1" />
          </FormRow>
          <Field name="zipcode" label={L.zipcode} autoComplete="postal-code" width="short" />
        </FormSection>
        {checkout ? (
          <FormSection id="payment-title" title={CHECKOUT_FORM_TEXT.section}>
            <p data-testid="checkout-note">{CHECKOUT_FORM_TEXT.howYouPay}</p>
          </FormSection>
        ) : (
          <FormSection id="card-title" title="Card details">
            <Field name="cardHolder" label={L.cardHolder} autoComplete="cc-name" spellCheck={false} />
            <Field name="cardNumber" label={L.cardNumber} autoComplete="cc-number" inputMode="numeric" spellCheck={false} secret width="medium" hint="The long number on the front of your card." />
            <FormRow>
              <Field name="cardExpiry" label={L.cardExpiry} autoComplete="cc-exp" inputMode="numeric" spellCheck={false} width="short" hint="MM/YY, for example 09/27" />
              <Field name="cardCvc" label={L.cardCvc} autoComplete="cc-csc" inputMode="numeric" spellCheck={false} secret width="short" hint="The last 3 digits on the back, or 4 on the front of Amex." />
            </FormRow>
          </FormSection>
        )}
        <FormActions>
          <SubmitButton pendingLabel="Processing…">Donate</SubmitButton>
        </FormActions>
      </ActionForm>
      <section aria-labelledby="policy-title" className={styles.policy} data-testid="donation-policy">
        <h2 id="policy-title">Receipts and refunds</h2>
        {policy.receipt.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
        {policy.refund.map((p) => (
          <p key={p.slice(0, 40)}>{p}</p>
        ))}
      </section>
    </FormPage>
  );
}
