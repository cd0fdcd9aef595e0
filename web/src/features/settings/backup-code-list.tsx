import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/button.tsx';

/** Backup codes, shown once: copy or download them now, they cannot be shown again. */
export function BackupCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('settings');
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${t('twoFactor.backupFileHeader')}\n\n${text}\n`], { type: 'text/plain' }));
    link.download = 'hearsay-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="rounded-xl border border-line p-4">
      <h3 className="text-sm font-semibold text-ink">{t('twoFactor.backupTitle')}</h3>
      <p className="mt-1 text-sm text-ink-muted">{t('twoFactor.backupHint')}</p>
      <ul aria-label={t('twoFactor.backupTitle')} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-ink">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface-2 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => toast.success(t('twoFactor.copied')),
              () => toast.error(t('failed')),
            )
          }
        >
          <Copy aria-hidden />
          {t('twoFactor.copy')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={download}>
          <Download aria-hidden />
          {t('twoFactor.download')}
        </Button>
      </div>
    </div>
  );
}
