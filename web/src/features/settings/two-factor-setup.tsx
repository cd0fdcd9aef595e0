import type { TwoFactorEnrolment } from '@hearsay/contracts/security';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { useConfirmTwoFactor, useEnableTwoFactor } from './api.ts';
import { BackupCodeList } from './backup-code-list.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

type Step = 'password' | 'scan' | 'done';

/**
 * Turning two-factor on, in three steps: confirm the password; scan the QR code (or type the secret) and save the
 * backup codes; enter the first code from the app. Until that code, sign-in keeps asking for the password only.
 */
export function TwoFactorSetup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enrolment) return;
    let current = true;
    void QRCode.toDataURL(enrolment.totpUri, { margin: 1, width: 200 }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [enrolment]);

  const close = (next: boolean) => {
    if (!next) {
      setStep('password');
      setPassword('');
      setCode('');
      setEnrolment(null);
      setQr(null);
      setError(null);
    }
    onOpenChange(next);
  };

  const message = (cause: unknown) => setError(errorText(cause, t('failed')));

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('security.passwordRequired'));
    setError(null);
    enable.mutate(password, {
      onSuccess: (data) => {
        setEnrolment(data);
        setStep('scan');
      },
      onError: message,
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('twoFactor.codeFormat'));
    setError(null);
    confirm.mutate(code.trim(), { onSuccess: () => setStep('done'), onError: message });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('twoFactor.setupTitle')} description={t(`twoFactor.step.${step}`)}>
        <FormMessage error={error} />
        {step === 'password' ? (
          <form onSubmit={submitPassword} noValidate className="mt-2 flex flex-col gap-4">
            <CurrentPasswordField id="two-factor-password" value={password} onValueChange={setPassword} />
            <Button type="submit" disabled={enable.isPending}>
              {t('twoFactor.continue')}
            </Button>
          </form>
        ) : null}
        {step === 'scan' && enrolment ? (
          <form onSubmit={submitCode} noValidate className="mt-2 flex flex-col gap-4">
            <div className="flex flex-col items-center gap-3">
              {qr ? <img src={qr} alt={t('twoFactor.qrAlt')} width={200} height={200} className="rounded-xl bg-white p-2" /> : null}
              <p className="text-center text-sm text-ink-muted">{t('twoFactor.manual')}</p>
              <code data-testid="totp-secret" className="break-all rounded-lg bg-surface-2 px-3 py-2 font-mono text-sm text-ink">
                {enrolment.secret}
              </code>
            </div>
            <BackupCodeList codes={enrolment.backupCodes} />
            <TextField
              id="two-factor-first-code"
              label={t('twoFactor.firstCode')}
              value={code}
              onValueChange={setCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <Button type="submit" disabled={confirm.isPending}>
              {t('twoFactor.turnOn')}
            </Button>
          </form>
        ) : null}
        {step === 'done' ? (
          <div className="mt-2 flex flex-col gap-4">
            <FormMessage success={t('twoFactor.enabled')} />
            <Button onClick={() => close(false)}>{t('twoFactor.finish')}</Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
