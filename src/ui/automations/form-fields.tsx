import { type ReactNode, useId } from 'react';

/**
 * The automation form's inputs: a labelled text input or textarea with its hint and the service's
 * refusal beside it, and a labelled checkbox. Small on purpose: the form reads as a list of fields.
 */
export function TextField({
  label,
  value,
  onChange,
  mono = false,
  rows,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  mono?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const id = useId();
  const className = `input ${mono ? 'input--mono' : ''} ${rows ? 'automation-form__message' : ''}`;
  const common = {
    id,
    className,
    value,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {rows ? <textarea rows={rows} {...common} /> : <input {...common} />}
      {hint ? <span className="field__hint">{hint}</span> : null}
      <FieldError message={error} />
    </div>
  );
}

export function CheckField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="automation-form__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {children}
    </label>
  );
}

export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span className="field__hint field__hint--warning" role="alert">
      {message}
    </span>
  ) : null;
}
