import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type Post, useDeletePostMutation, usePinPostMutation } from '@/resources/posts';
import { useMuteMemberMutation } from '@/resources/relationships';
import { ActionMenu, type MenuAction } from '@/ui/menu/ActionMenu';

import { editMinutesLeft } from '../editWindow';
import { BlockDialog, DeleteDialog } from './PostDialogs';
import { ReportDialog } from './ReportDialog';
import { useNow } from './useNow';
import type { PostActions } from './usePostActions';

type OpenDialog = 'delete' | 'report' | 'block' | null;

/**
 * The '…' menu. Owner: 'Nm to edit' while the 5-minute window lasts, pin/unpin, delete (confirmed),
 * copy link. Everyone else: report, mute, block, repost, quote.
 */
export function PostMenu({ post, actions, onEdit }: { post: Post; actions: PostActions; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [pin] = usePinPostMutation();
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  const [mute] = useMuteMemberMutation();
  const firstMinutes = editMinutesLeft(post.createdAt, Date.now());
  const now = useNow(15_000, actions.isOwner && firstMinutes > 0);
  const minutesLeft = actions.isOwner ? editMinutesLeft(post.createdAt, now) : 0;
  const username = post.user.username;

  const items: MenuAction[] = actions.isOwner
    ? [
        // A shared AI answer cannot be edited (the server answers 409).
        ...(minutesLeft > 0 && post.type !== 'ai_answer'
          ? [
              {
                key: 'edit',
                label: t('posts.menu.editWithin', { n: new Intl.NumberFormat(i18n.language).format(minutesLeft) }),
                onSelect: onEdit,
              },
            ]
          : []),
        // A shared answer never shows on a profile, so pinning it there would do nothing.
        ...(post.type !== 'ai_answer'
          ? [
              {
                key: 'pin',
                label: post.isPinned ? t('posts.menu.unpin') : t('posts.menu.pin'),
                onSelect: () => void pin(post.id),
              },
            ]
          : []),
        { key: 'delete', label: t('posts.menu.delete'), onSelect: () => setDialog('delete'), danger: true },
        { key: 'copy', label: t('posts.menu.copyLink'), onSelect: () => void actions.copyLink() },
      ]
    : [
        { key: 'report', label: t('posts.menu.report'), onSelect: actions.signedIn(() => setDialog('report')) },
        // An anonymous share names nobody: there is no one to mute or block.
        ...(post.isAnonymous
          ? []
          : [
              {
                key: 'mute',
                label: t('posts.menu.mute', { username }),
                onSelect: actions.signedIn(() => void mute({ userId: post.userId, username })),
              },
              {
                key: 'block',
                label: t('posts.menu.block', { username }),
                onSelect: actions.signedIn(() => setDialog('block')),
                danger: true,
              },
            ]),
        {
          key: 'repost',
          label: post.isReposted ? t('posts.menu.undoRepost') : t('posts.menu.repost'),
          onSelect: actions.toggleRepost,
        },
        { key: 'quote', label: t('posts.menu.quote'), onSelect: actions.quote },
      ];

  return (
    <>
      <ActionMenu
        buttonLabel={t('posts.menu.open')}
        label={t('posts.menu.label')}
        actions={items}
        className="post-menu"
      />
      {dialog === 'delete' ? (
        <DeleteDialog
          busy={deleting}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            void remove(post.id)
              .unwrap()
              .then(() => setDialog(null))
              .catch(() => setDialog(null));
          }}
        />
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog target={{ type: 'post', id: post.id }} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'block' ? (
        <BlockDialog userId={post.userId} username={username} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
