/** A form's refusal that names no field (a conflict, a limit), read at leisure above its buttons. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
      {message}
    </p>
  );
}
