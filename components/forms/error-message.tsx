import controls from './controls.module.css';

/** Joins the ids that are present (falsy parts, such as `hint && id` without a hint, drop out). */
export function describedBy(...ids: unknown[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={controls.error}>
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}
