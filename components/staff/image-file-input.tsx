'use client';

import { useState } from 'react';
import { MEDIA_LIMITS, REPORT_MESSAGES } from '@/contract/api/reports';
import styles from './editor.module.css';

/**
 * The image file input of the staff editors. With JavaScript, a file over the upload limit is
 * refused at once (the input is cleared and the reason shown), so the form never posts a body the
 * server would refuse before our action could answer. Without JavaScript the action checks it.
 */
export function ImageFileInput({ id, name, invalid, describedBy }: { id: string; name: string; invalid: boolean; describedBy?: string }) {
  const [tooLarge, setTooLarge] = useState(false);
  const messageId = `${id}-too-large`;
  return (
    <>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className={styles.file}
        aria-invalid={invalid || tooLarge ? true : undefined}
        aria-describedby={[describedBy, tooLarge ? messageId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const over = Boolean(file && file.size > MEDIA_LIMITS.maxBytes);
          if (over) event.currentTarget.value = '';
          setTooLarge(over);
        }}
      />
      <p id={messageId} role="status" className={tooLarge ? styles.inlineError : 'visually-hidden'}>
        {tooLarge ? REPORT_MESSAGES.imageTooLarge : ''}
      </p>
    </>
  );
}
