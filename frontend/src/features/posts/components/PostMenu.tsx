import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '../../../ui/icons';
import { useDeletePostMutation, useMuteUserMutation, usePinPostMutation } from '../api';
import { editMinutesLeft } from '../editWindow';
import type { Post } from '../types';
import { BlockDialog, DeleteDialog, ReportDialog } from './PostDialogs';
import { useNow } from './useNow';
import type { PostActions } from './usePostActions';

type OpenDialog = 'delete' | 'report' | 'block' | null;

interface Item {
  key: string;
  label: string;
  run: () => void;
  danger?: boolean;
}

/**
 * The '…' menu. Owner: 'Nm to edit' while the 5-minute window lasts, pin/unpin, delete (confirmed),
 * copy link. Everyone else: report, mute, block, repost, quote.
 */
export function PostMenu({ post, actions, onEdit }: { post: Post; actions: PostActions; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [pin] = usePinPostMutation();
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  const [mute] = useMuteUserMutation();
  const firstMinutes = editMinutesLeft(post.createdAt, Date.now());
  const now = useNow(15_000, actions.isOwner && firstMinutes > 0);
  const minutesLeft = actions.isOwner ? editMinutesLeft(post.createdAt, now) : 0;
  const username = post.user.username;

  useEffect(() => {
    if (!open) return undefined;
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: MouseEvent) => {
      if (!list.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = (run: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    run();
  };

  const items: Item[] = actions.isOwner
    ? [
        ...(minutesLeft > 0 ? [{ key: 'edit', label: t('posts.menu.editWithin', { n: new Intl.NumberFormat(i18n.language).format(minutesLeft) }), run: onEdit }] : []),
        { key: 'pin', label: post.isPinned ? t('posts.menu.unpin') : t('posts.menu.pin'), run: () => void pin(post.id) },
        { key: 'delete', label: t('posts.menu.delete'), run: () => setDialog('delete'), danger: true },
        { key: 'copy', label: t('posts.menu.copyLink'), run: () => void actions.copyLink() },
      ]
    : [
        { key: 'report', label: t('posts.menu.report'), run: actions.signedIn(() => setDialog('report')) },
        { key: 'mute', label: t('posts.menu.mute', { username }), run: actions.signedIn(() => void mute({ userId: post.userId, username })) },
        { key: 'block', label: t('posts.menu.block', { username }), run: actions.signedIn(() => setDialog('block')), danger: true },
        { key: 'repost', label: post.isReposted ? t('posts.menu.undoRepost') : t('posts.menu.repost'), run: actions.toggleRepost },
        { key: 'quote', label: t('posts.menu.quote'), run: actions.quote },
      ];

  // Arrow keys move between items, Escape closes and returns to the button (WAI-ARIA menu button).
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const entries = Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? entries[0] : entries[entries.length - 1])?.focus();
    }
  };

  return (
    <div className="post-menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={t('posts.menu.open')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <MoreIcon />
      </button>
      {open ? (
        <ul ref={list} id={menuId} className="post-menu__list" role="menu" aria-label={t('posts.menu.label')} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button type="button" role="menuitem" tabIndex={-1} className={`post-menu__item${item.danger ? ' post-menu__item--danger' : ''}`} onClick={choose(item.run)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
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
      {dialog === 'report' ? <ReportDialog postId={post.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'block' ? <BlockDialog userId={post.userId} username={username} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
