import { useState } from 'react';

import { ReportDialog } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useBlockMemberMutation, useMuteMemberMutation, useUnmuteMemberMutation } from '@/resources/relationships';
import { useSession } from '@/resources/session';
import { ConfirmDialog } from '@/ui/dialog';
import { ActionMenu } from '@/ui/menu/ActionMenu';

import type { Profile } from '../types';
import { FollowButton } from './FollowButton';
import { MessageButton } from './MessageButton';

/** Another member's profile: Follow and Message, and a menu to mute, report or block them (signed in). */
export function MemberActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [block] = useBlockMemberMutation();
  const [mute] = useMuteMemberMutation();
  const [unmute] = useUnmuteMemberMutation();
  const ref = { userId: profile.id, username: profile.username };
  const muted = profile.relationship?.isMuted ?? false;

  return (
    <>
      <FollowButton userId={profile.id} username={profile.username} relationship={profile.relationship} />
      <MessageButton userId={profile.id} username={profile.username} />
      {user ? (
        <ActionMenu
          buttonLabel={t('profile.menu.member', { username: profile.username })}
          actions={[
            muted
              ? {
                  key: 'unmute',
                  label: t('profile.actions.unmute', { username: profile.username }),
                  onSelect: () => void unmute(ref),
                }
              : {
                  key: 'mute',
                  label: t('profile.actions.mute', { username: profile.username }),
                  onSelect: () => void mute(ref),
                },
            {
              key: 'report',
              label: t('profile.actions.report', { username: profile.username }),
              onSelect: () => setReporting(true),
            },
            {
              key: 'block',
              label: t('profile.actions.block', { username: profile.username }),
              onSelect: () => setConfirmBlock(true),
              danger: true,
            },
          ]}
        />
      ) : null}
      {confirmBlock ? (
        <ConfirmDialog
          title={t('profile.block.title', { username: profile.username })}
          body={t('profile.block.body')}
          confirmLabel={t('profile.block.confirm')}
          cancelLabel={t('profile.cancel')}
          onConfirm={() => {
            setConfirmBlock(false);
            void block(ref);
          }}
          onCancel={() => setConfirmBlock(false)}
        />
      ) : null}
      {reporting ? (
        <ReportDialog target={{ type: 'user', id: profile.id }} onClose={() => setReporting(false)} />
      ) : null}
    </>
  );
}
