import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { FormPage } from './form-page';
import styles from './page.module.css';

/**
 * The form pages' frame renders what each page wrote by hand before (issue 39): the same column,
 * header, h1 with its id, eyebrow and intro, so the pages' landmarks, headings and styles stay.
 */
describe('the form page frame', () => {
  it('is the narrow column with the h1 header the pages wrote by hand', () => {
    const intro = <p>Registration is free.</p>;
    const form = <form aria-labelledby="register-title" />;
    expect(
      renderToStaticMarkup(
        <FormPage id="register-title" eyebrow="Free registration" title="Register for the festival" intro={intro}>
          {form}
        </FormPage>,
      ),
    ).toBe(
      renderToStaticMarkup(
        <Container width="narrow" className={styles.page}>
          <SectionHeading level={1} id="register-title" eyebrow="Free registration" title="Register for the festival" intro={intro} />
          {form}
        </Container>,
      ),
    );
  });

  it('leaves out what a page does not give, and keeps a page’s own column class', () => {
    const html = renderToStaticMarkup(
      <FormPage title="Unsubscribe from the newsletter" className="info-page">
        <p>Links</p>
      </FormPage>,
    );
    expect(html).toBe(
      '<div class="container container--narrow info-page"><header class="section-heading section-heading--start section-heading--default">' +
        '<h1 class="section-heading__title">Unsubscribe from the newsletter</h1></header><p>Links</p></div>',
    );
  });
});
