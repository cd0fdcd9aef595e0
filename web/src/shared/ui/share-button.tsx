import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './button.tsx';

/** Shares the current page with the Web Share API where the browser has it, otherwise copies the link. */
export function ShareButton({
  title,
  text,
  url,
  label,
  ...props
}: { title: string; text?: string; url?: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const share = async () => {
    const link = url ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.failed'));
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()} {...props}>
      <Share2 aria-hidden />
      {label ?? t('actions.share')}
    </Button>
  );
}
