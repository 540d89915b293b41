import { RedirectForm } from './redirect-form';

/** Unpublish, posting from the report's own page (which renders this same form) without JavaScript too. */
export function UnpublishForm({ id, action }: { id: string; action: (state: undefined, formData: FormData) => Promise<undefined> }) {
  return (
    <RedirectForm action={action} permalink={`/staff/reports/${id}`}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn--secondary">
        Unpublish
      </button>
    </RedirectForm>
  );
}
