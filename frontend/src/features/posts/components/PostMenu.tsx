import { useState } from 'react';

import { useAppDispatch } from '@/app/hooks';
import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { type Post, postsApi, useDeletePostMutation } from '@/resources/posts';
import { relationshipsApi } from '@/resources/relationships';
import { ActionMenu, type MenuAction } from '@/ui/menu/ActionMenu';

import { editMinutesLeft } from '../editWindow';
import { BlockDialog, DeleteDialog } from './PostDialogs';
import { ReportDialog } from './ReportDialog';
import { useNow } from './useNow';
import type { PostActions } from './usePostActions';

type OpenDialog = 'delete' | 'report' | 'block' | null;

/**
 * The '…' menu. Owner: 'Nm to edit' while the 5-minute window lasts, pin/unpin, delete (confirmed),
 * copy link; only delete on their hidden post. Everyone else: report, mute, block, repost, quote.
 * Every card of a feed has one and few are opened: the items are listed when it opens, and pin and mute are dispatched when chosen rather
 * than held by a mutation hook per card (issue 37: a feed page's main-thread time on a phone).
 */
export function PostMenu({ post, actions, onEdit }: { post: Post; actions: PostActions; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const firstMinutes = editMinutesLeft(post.createdAt, Date.now());
  const now = useNow(15_000, actions.isOwner && firstMinutes > 0);
  const minutesLeft = actions.isOwner ? editMinutesLeft(post.createdAt, now) : 0;
  const username = post.user.username;
  // `track: false`: the answer is not kept in the store (no component reads a pin's or a mute's state).
  const pin = () => void dispatch(postsApi.endpoints.pinPost.initiate(post.id, { track: false }));
  const mute = () =>
    void dispatch(relationshipsApi.endpoints.muteMember.initiate({ userId: post.userId, username }, { track: false }));

  const listed = (): MenuAction[] =>
    actions.isOwner
      ? [
          // A shared AI answer cannot be edited (the server answers 409).
          ...(minutesLeft > 0 && post.type !== 'ai_answer'
            ? [
                {
                  key: 'edit',
                  label: t('posts.menu.editWithin', { n: numberFormat(i18n.language).format(minutesLeft) }),
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
                  onSelect: pin,
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
                  onSelect: actions.signedIn(mute),
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
  // A hidden post (its author's view) shows nowhere to pin, edit or link to: it can only be deleted.
  const items = (): MenuAction[] =>
    post.moderation
      ? [{ key: 'delete', label: t('posts.menu.delete'), onSelect: () => setDialog('delete'), danger: true }]
      : listed();

  return (
    <>
      <ActionMenu
        buttonLabel={t('posts.menu.open')}
        label={t('posts.menu.label')}
        actions={items}
        className="post-menu"
      />
      {dialog === 'delete' ? <DeletePostDialog postId={post.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'report' ? (
        <ReportDialog target={{ type: 'post', id: post.id }} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'block' ? (
        <BlockDialog userId={post.userId} username={username} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

/** The delete confirmation with the delete mutation's busy state (mounted only while it is open). */
function DeletePostDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  return (
    <DeleteDialog
      busy={deleting}
      onCancel={onClose}
      onConfirm={() => {
        void remove(postId).unwrap().then(onClose).catch(onClose);
      }}
    />
  );
}
