import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSetBlock } from '../../hooks/use-block.ts';

import { ConfirmDialog } from '../dialog.tsx';
import { useErrorText } from '../../i18n/error-text.ts';

/** Asks before blocking someone, says what a block does, and blocks. Used from a profile's menu and from a review. */
export function BlockDialog({
  person,
  open,
  onOpenChange,
}: {
  person: { username: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const setBlock = useSetBlock();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('block.title', { name: person.name })}
      description={t('block.description', { name: person.name })}
      cancelLabel={t('block.cancel')}
      confirmLabel={t('block.confirm')}
      pending={setBlock.isPending}
      onConfirm={() =>
        setBlock.mutate(
          { username: person.username, block: true },
          {
            onSuccess: () => {
              onOpenChange(false);
              toast.success(t('block.done', { name: person.name }));
            },
            onError: (cause) => toast.error(errorText(cause, t('block.failed'))),
          },
        )
      }
    />
  );
}
