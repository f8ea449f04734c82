/** A labelled text input with its error at the field (aria-invalid, aria-describedby). */
export function Field({ id, label, value, onChange, error, type = 'text', required, hint, autoComplete, maxLength, multiline }: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  required?: boolean;
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  multiline?: boolean;
}) {
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    maxLength,
  };
  return (
    <div className="org-field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="org-error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
