/** The hint and error lines under a control; ids are linked from the control's aria-describedby. */
export function FieldHint({ id, text }: { id: string | undefined; text: string | undefined }) {
  if (!id || !text) return null;
  return (
    <p id={id} className="field-hint">
      {text}
    </p>
  );
}

export function FieldErrors({ id, errors }: { id: string | undefined; errors: string[] }) {
  if (!id || errors.length === 0) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
