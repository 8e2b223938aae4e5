import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { ScreenLoading } from '@/ui/ScreenLoading';

import { ComposeDialog } from '../components/ComposeDialog';

// Part 2 §2 Create Video Post: /compose?mode=video, its own chunk.
const VideoComposeScreen = lazy(() => import('../../videos').then((m) => ({ default: m.VideoComposeScreen })));

/**
 * /compose (and /compose?quote=<postId>, /compose?community=<id>): the create-post modal; closing returns to where the member came
 * from, posting opens the new post. /compose?mode=video: the video composer of part 2.
 */
export default function ComposeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const quote = params.get('quote')?.trim() || null;
  const community = params.get('community')?.trim() || null;

  // 'default' is the key of the first entry: nothing in this app to go back to.
  const close = useCallback(() => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [location.key, navigate]);
  // Members expect to see what they just posted: the new post opens in the compose screen's place,
  // so Back still leads to where they came from.
  const posted = useCallback(
    (postId: string | null) => (postId ? void navigate(`/post/${postId}`, { replace: true }) : close()),
    [close, navigate],
  );

  if (params.get('mode') === 'video') {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <VideoComposeScreen />
      </Suspense>
    );
  }

  return (
    <ComposeDialog
      key={`${quote ?? ''}|${community ?? ''}`}
      quotePostId={quote}
      communityId={community}
      onClose={close}
      onPosted={posted}
    />
  );
}
