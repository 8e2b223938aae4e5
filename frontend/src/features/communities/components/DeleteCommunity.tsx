import { type FormEvent, useState } from 'react';

import { isolate } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextField } from '@/ui/TextField';

import { useDeleteCommunity } from '../hooks/useDeleteCommunity';
import type { CommunityView } from '../types';
import { ReasonDialog } from './ReasonDialog';

/**
 * The end of a community: its owner deletes it after typing its name; one of the app's moderators
 * (`asStaff`) closes it with a reason, which its history keeps.
 */
export function DeleteCommunity({ community, asStaff }: { community: CommunityView; asStaff: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { deleteCommunity, deleting } = useDeleteCommunity(community.slug);
  const name = isolate(community.name);
  return (
    <section className="community-danger" aria-labelledby="community-danger-title">
      <h2 id="community-danger-title">{t('communities.delete.title')}</h2>
      <p>{t(asStaff ? 'communities.delete.staffHint' : 'communities.delete.hint')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('communities.delete.button')}
      </button>
      {open && asStaff ? (
        <ReasonDialog
          title={t('communities.delete.staffTitle', { name })}
          body={t('communities.delete.staffBody')}
          confirmLabel={t('communities.delete.button')}
          busy={deleting}
          onConfirm={(reason) => void deleteCommunity(reason)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
      {open && !asStaff ? (
        <ConfirmByName
          community={community}
          busy={deleting}
          onConfirm={() => void deleteCommunity()}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

interface ConfirmByNameProps {
  community: CommunityView;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Nothing this final goes by one click: the owner types the community's name first. */
function ConfirmByName({ community, busy, onConfirm, onCancel }: ConfirmByNameProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLocaleLowerCase() === community.name.trim().toLocaleLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onConfirm();
  };
  return (
    <Dialog
      role="alertdialog"
      title={t('communities.delete.confirmTitle', { name: isolate(community.name) })}
      onClose={onCancel}
    >
      <form className="dialog__body" onSubmit={submit} noValidate>
        <p>{t('communities.delete.hint')}</p>
        <TextField
          label={t('communities.delete.confirmLabel')}
          value={typed}
          autoComplete="off"
          dir="auto"
          onValueChange={setTyped}
        />
        <FormActions
          cancelLabel={t('communities.cancel')}
          onCancel={onCancel}
          confirmLabel={t('communities.delete.confirm')}
          busy={busy || !matches}
          {...(busy ? { busyLabel: t('communities.delete.deleting') } : {})}
          danger
          focusCancel
        />
      </form>
    </Dialog>
  );
}
