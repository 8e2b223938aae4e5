import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { useTranslation } from '@/i18n/useTranslation';
import { type Post, postsApi } from '@/resources/posts';
import { useMemberGate, useSession } from '@/resources/session';
import { useToast } from '@/ui/toast';

/** The share link of a post (§2: /post/:id is also the share link). */
export function postUrl(id: string): string {
  return `${window.location.origin}/post/${encodeURIComponent(id)}`;
}

/**
 * What a viewer can do to a post from the card. Guests are sent to /auth (§4, §6); the toggles are
 * optimistic and report their own success and failure (see api.ts).
 */
export function usePostActions(post: Post) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const dispatch = useAppDispatch();
  // Dispatched when pressed, not held by three mutation hooks per card (no card reads their state;
  // the toggles are optimistic in the cache): a feed page renders faster on a phone (issue 37).
  const toggle = (endpoint: 'likePost' | 'bookmarkPost' | 'repostPost', on: boolean) =>
    void dispatch(postsApi.endpoints[endpoint].initiate({ id: post.id, on }, { track: false }));

  const asMember = useMemberGate();
  const signedIn = useCallback((action: () => void) => () => asMember(action), [asMember]);

  const copyLink = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(postUrl(post.id));
      toast(t('posts.toast.linkCopied'), 'success');
    } catch {
      toast(t('posts.toast.copyFailed'), 'error');
    }
  }, [post.id, t, toast]);

  const share = useCallback(async () => {
    const url = postUrl(post.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          url,
          title: t('posts.card', { name: post.user.displayName || post.user.name }),
          text: post.content.slice(0, 100),
        });
      } catch (error) {
        // Closing the share sheet is not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast(t('posts.toast.shareFailed'), 'error');
      }
      return;
    }
    await copyLink();
  }, [post, t, toast, copyLink]);

  return {
    user,
    // isOwn comes from the server: an anonymous share carries no userId, yet its author may delete it.
    // A signed-out viewer owns nothing, whatever a cached copy says.
    isOwner: !!user && (post.isOwn || user.id === post.userId),
    toggleLike: signedIn(() => toggle('likePost', !post.isLiked)),
    toggleBookmark: signedIn(() => toggle('bookmarkPost', !post.isBookmarked)),
    toggleRepost: signedIn(() => toggle('repostPost', !post.isReposted)),
    quote: signedIn(() => navigate(`/compose?quote=${encodeURIComponent(post.id)}`)),
    signedIn,
    copyLink,
    share,
  };
}

export type PostActions = ReturnType<typeof usePostActions>;
