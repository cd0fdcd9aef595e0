import type { ReportReason, ReportSubjectType } from '@hearsay/contracts/moderation';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useReport } from '../../hooks/use-report.ts';

import { Button, FormButtons } from '../button.tsx';
import { Dialog, DialogContent } from '../dialog.tsx';
import { TextareaField } from '../input.tsx';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@hearsay/contracts/constants';
import { useErrorText } from '../../i18n/error-text.ts';

/**
 * Reports something to the moderators with a reason and a note. A profile is named by its username, anything else
 * by its id. The reporter is told it was received (or that they had reported it already: it counts once). Something of
 * another site (`forwardHost`) may also be reported to that site's moderators, by this site and without the reporter's name.
 */
export function ReportDialog({
  subject,
  open,
  onOpenChange,
  forwardHost,
}: {
  subject: { type: ReportSubjectType; id: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forwardHost?: string;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [forward, setForward] = useState(false);
  const report = useReport();
  const send = () =>
    report.mutate(
      { subjectType: subject.type, subjectId: subject.id, reason: reason!, note, ...(forwardHost ? { forward } : {}) },
      {
        onSuccess: (receipt) => {
          onOpenChange(false);
          setReason(null);
          setNote('');
          toast.success(t(receipt.alreadyReported ? 'report.already' : 'report.received'));
        },
        onError: (cause) => toast.error(errorText(cause, t('report.failed'))),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t(`report.title.${subject.type}`)} description={t('report.description')}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) send();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-ink">{t('report.reasonLabel')}</legend>
            {REPORT_REASONS.map((option) => (
              <label key={option} className="flex items-center gap-3 text-sm text-ink">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  className="size-4 accent-[var(--color-accent)]"
                  checked={reason === option}
                  onChange={() => setReason(option)}
                />
                {t(`report.reasons.${option}`)}
              </label>
            ))}
          </fieldset>
          <TextareaField
            id={`${id}-note`}
            label={t('report.noteLabel')}
            hint={t('report.noteHint')}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            rows={3}
            onValueChange={setNote}
          />
          {forwardHost ? (
            <label className="flex items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
                checked={forward}
                onChange={(event) => setForward(event.target.checked)}
                aria-describedby={`${id}-forward-hint`}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {t('report.forward', { host: forwardHost })}
                <span id={`${id}-forward-hint`} className="block text-ink-muted">
                  {t('report.forwardHint')}
                </span>
              </span>
            </label>
          ) : null}
          <FormButtons cancelLabel={t('report.cancel')} onCancel={() => onOpenChange(false)}>
            <Button type="submit" disabled={!reason || report.isPending}>
              {t('report.send')}
            </Button>
          </FormButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
