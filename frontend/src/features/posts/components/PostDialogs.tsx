import { useTranslation } from '@/i18n/useTranslation';
import { useBlockMemberMutation } from '@/resources/relationships';
import { ConfirmDialog } from '@/ui/dialog';

export function DeleteDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('posts.dialog.deleteTitle')}
      body={t('posts.dialog.deleteBody')}
      confirmLabel={t('posts.dialog.deleteConfirm')}
      cancelLabel={t('posts.dialog.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export function BlockDialog({ userId, username, onClose }: { userId: string; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [block, { isLoading }] = useBlockMemberMutation();
  return (
    <ConfirmDialog
      title={t('posts.dialog.blockTitle', { username })}
      body={t('posts.dialog.blockBody')}
      confirmLabel={t('posts.dialog.blockConfirm')}
      cancelLabel={t('posts.dialog.cancel')}
      busy={isLoading}
      onConfirm={() => {
        void block({ userId, username })
          .unwrap()
          .then(onClose)
          .catch(() => undefined);
      }}
      onCancel={onClose}
    />
  );
}
