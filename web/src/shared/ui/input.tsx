import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

const fieldClass =
  'w-full rounded-xl border border-line-strong bg-surface px-3.5 text-ink placeholder:text-ink-subtle transition-colors focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/30 disabled:opacity-60 aria-invalid:border-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-11 text-[15px]', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-24 py-2.5 text-[15px]', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-ink', className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10 w-auto pr-8 text-sm', className)} {...props} />;
}

/** A label, its control, an optional hint and an error message, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps<Control extends 'input' | 'textarea'> = Omit<ComponentProps<Control>, 'id' | 'onChange'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  onValueChange: (value: string) => void;
};

/** A labelled text input (its id is the field's), handing over the text typed rather than the event. */
export function TextField({ id, label, hint, onValueChange, ...props }: TextFieldProps<'input'>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <Input id={id} onChange={(event) => onValueChange(event.target.value)} {...props} />
    </Field>
  );
}

/** The multi-line counterpart of TextField. */
export function TextareaField({ id, label, hint, onValueChange, ...props }: TextFieldProps<'textarea'>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <Textarea id={id} onChange={(event) => onValueChange(event.target.value)} {...props} />
    </Field>
  );
}

/** An e-mail address field: the e-mail keyboard, the browser's autofill and the 254-character limit of an address. */
export function EmailField(props: Omit<TextFieldProps<'input'>, 'type' | 'autoComplete' | 'maxLength'>) {
  return <TextField type="email" autoComplete="email" maxLength={254} {...props} />;
}

/** A person's name: autofilled, at most 100 characters. */
export function NameField(props: Omit<TextFieldProps<'input'>, 'autoComplete' | 'maxLength'>) {
  return <TextField autoComplete="name" maxLength={100} {...props} />;
}

/** A checkbox with its label beside it. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" className="size-4" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * A labelled drop-down for a filter or sort above a list (Library, profiles, the journal); `className` lays out
 * the label and the drop-down where the filters sit in a grid (Explore, Trending).
 */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  className = 'flex flex-col gap-1',
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} className="w-full min-w-0">
        {children}
      </NativeSelect>
    </div>
  );
}

/** A drop-down's choices: the empty one that filters nothing first, when `any` names it; then one per option. */
export function SelectOptions({ any, options = [] }: { any?: string; options?: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {any === undefined ? null : <option value="">{any}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
