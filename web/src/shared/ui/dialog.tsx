import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { createContext, useContext, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Button, FormButtons } from './button.tsx';

/** Whether the dialog around has been open at least once: its content is put on the page from then on. */
const OpenedOnce = createContext(true);

/**
 * A dialog whose content is first put on the page when it first opens (decision 091). Closed, Radix still mounts the
 * content's parts, and each sets its state as it mounts, in the commit: on a page being taken over, a render that
 * cannot yield, which took the rest of the page's waiting parts with it in one long task. Kept once opened, so that
 * closing still plays its animation.
 */
export function Dialog({ open, defaultOpen, onOpenChange, ...props }: ComponentProps<typeof Primitive.Root>) {
  const [openedOnce, setOpenedOnce] = useState(Boolean(open ?? defaultOpen));
  if (open && !openedOnce) setOpenedOnce(true);
  return (
    <OpenedOnce.Provider value={openedOnce}>
      <Primitive.Root
        open={open}
        defaultOpen={defaultOpen}
        onOpenChange={(next) => {
          if (next) setOpenedOnce(true);
          onOpenChange?.(next);
        }}
        {...props}
      />
    </OpenedOnce.Provider>
  );
}
export const DialogTrigger = Primitive.Trigger;

/** A centred modal with a title, optional description and a close button; focus is trapped and restored. */
export function DialogContent({
  title,
  description,
  children,
  className,
  side,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
  /** Slide in from the side (a sheet) instead of appearing in the centre. */
  side?: 'left' | 'right';
}) {
  const { t } = useTranslation();
  if (!useContext(OpenedOnce)) return null;
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <Primitive.Content
        className={cn(
          'fixed z-50 flex flex-col bg-surface text-ink shadow-pop focus:outline-none',
          side
            ? cn('inset-y-0 w-[min(100vw,22rem)] overflow-y-auto p-5', side === 'right' ? 'right-0' : 'left-0')
            : 'left-1/2 top-1/2 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-6',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <Primitive.Title className="font-display text-xl font-semibold">{title}</Primitive.Title>
            {description ? <Primitive.Description className="mt-1 text-sm text-ink-muted">{description}</Primitive.Description> : null}
          </div>
          <Primitive.Close
            className="-m-1 rounded-full p-1.5 text-ink-muted hover:bg-surface-2 hover:text-ink"
            aria-label={t('actions.close')}
          >
            <X className="size-5" />
          </Primitive.Close>
        </div>
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/** Asks before something that cannot be undone (a delete): Cancel, and the danger button that goes ahead. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <FormButtons cancelLabel={cancelLabel} onCancel={() => onOpenChange(false)}>
          <Button variant="danger" disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </FormButtons>
      </DialogContent>
    </Dialog>
  );
}
