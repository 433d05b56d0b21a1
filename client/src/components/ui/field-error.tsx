// A field's error under it, announced as it appears, and the aria-describedby that names it (with a hint):
// the forms whose fields are not the FormField's (selects, fieldsets, the editor's labels and poll).

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

/** The ids of what describes a field (those shown), or undefined for none. */
export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
