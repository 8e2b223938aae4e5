import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { ActionMenu } from '@/ui/menu/ActionMenu';

import { useExportAccount } from '../hooks/useExportAccount';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The owner's menu: Edit Profile, download data and delete account. */
export function OwnerActions({ username, onEdit }: { username: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const { start: exportData, isExporting } = useExportAccount(username);
  return (
    <>
      <button type="button" className="button button--quiet" onClick={onEdit}>
        {t('nav.editProfile')}
      </button>
      <ActionMenu
        buttonLabel={t('profile.menu.owner')}
        actions={[
          {
            key: 'export',
            label: isExporting ? t('profile.export.running') : t('profile.export.action'),
            onSelect: () => void exportData(),
          },
          { key: 'delete', label: t('profile.deleteAccount.action'), onSelect: () => setDeleting(true), danger: true },
        ]}
      />
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </>
  );
}
