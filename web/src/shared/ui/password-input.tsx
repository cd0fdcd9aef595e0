import { Check, Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../lib/password-strength.ts';
import { cn } from '../lib/cn.ts';
import { Field, Input } from './input.tsx';

/** A password field with a show/hide button. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation('accounts');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible(!visible)}
        aria-label={visible ? t('fields.hide') : t('fields.show')}
        aria-pressed={visible}
        className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full p-2 text-ink-muted hover:bg-surface-2 hover:text-ink"
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}

/** A labelled password field; anything given as children follows the input (a strength meter, a match tick). */
export function PasswordField({
  id,
  label,
  onValueChange,
  children,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'id' | 'onChange' | 'children'> & {
  id: string;
  label: string;
  onValueChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label}>
      <PasswordInput id={id} onChange={(event) => onValueChange(event.target.value)} {...props} />
      {children}
    </Field>
  );
}

const toneClass = { danger: 'bg-danger', warning: 'bg-warning', success: 'bg-success' } as const;

/** The strength meter of spec §5: four segments, Weak/Fair/Good/Strong, red below 2, yellow below 4, green at 4. */
function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('accounts');
  if (!password)
    return (
      <p id={id} className="text-xs text-ink-muted">
        {t('strength.hint')}
      </p>
    );
  const strength = passwordStrength(password);
  const label = t(`strength.${strength.label}`);
  return (
    <div id={id} className="space-y-1">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((index) => (
          <span
            key={index}
            className={cn('h-1.5 flex-1 rounded-full', index < strength.score ? toneClass[strength.tone] : 'bg-surface-3')}
          />
        ))}
      </div>
      <p className="text-xs text-ink-muted" aria-live="polite" data-tone={strength.tone}>
        {t('strength.label', { value: label })}
      </p>
    </div>
  );
}

/** The two values of choosing a password, and what keeps them from being accepted (the confirmation differs, or it is under 8 characters). */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const problem = password !== confirm ? 'mismatch' : [...password].length < 8 ? 'tooShort' : null;
  const clear = () => {
    setPassword('');
    setConfirm('');
  };
  return { password, confirm, setPassword, setConfirm, problem, clear };
}

type NewPassword = ReturnType<typeof useNewPassword>;

/**
 * Choosing a password: the field with its strength meter, and the confirmation with its match tick
 * (register, reset and Settings → Security all use this pair; the last two are `replacing` one).
 */
export function NewPasswordFields({ idPrefix, value, replacing = false }: { idPrefix: string; value: NewPassword; replacing?: boolean }) {
  const { t } = useTranslation('accounts');
  const { password, confirm } = value;
  const matches = confirm.length > 0 && confirm === password;
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={replacing ? t('fields.newPassword') : t('fields.password')}
        autoComplete="new-password"
        value={password}
        onValueChange={value.setPassword}
        aria-describedby={`${idPrefix}-strength`}
        maxLength={128}
      >
        <PasswordStrengthMeter password={password} id={`${idPrefix}-strength`} />
      </PasswordField>
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={replacing ? t('fields.confirmNewPassword') : t('fields.confirmPassword')}
        autoComplete="new-password"
        value={confirm}
        onValueChange={value.setConfirm}
        maxLength={128}
      >
        {matches ? (
          <p className="flex items-center gap-1 text-xs font-medium text-success">
            <Check aria-hidden className="size-3.5" />
            {t('match')}
          </p>
        ) : null}
      </PasswordField>
    </>
  );
}
