import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { ScreenLoading } from '@/ui/ScreenLoading';

import { ComposeDialog } from '../components/ComposeDialog';

// Part 2 §2 Create Video Post: /compose?mode=video, its own chunk.
const VideoComposeScreen = lazy(() => import('../../videos').then((m) => ({ default: m.VideoComposeScreen })));

/**
 * /compose (and /compose?quote=<postId>): the create-post modal; closing returns to where the member came
 * from. /compose?mode=video: the video composer of part 2.
 */
export default function ComposeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const quote = params.get('quote')?.trim() || null;

  // 'default' is the key of the first entry: nothing in this app to go back to.
  const close = useCallback(() => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [location.key, navigate]);

  if (params.get('mode') === 'video') {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <VideoComposeScreen />
      </Suspense>
    );
  }

  return <ComposeDialog key={quote ?? ''} quotePostId={quote} onClose={close} />;
}
