import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { ComposeDialog } from '../components/ComposeDialog';

/** /compose (and /compose?quote=<postId>): the create-post modal; closing returns to where the member came from. */
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

  return <ComposeDialog key={quote ?? ''} quotePostId={quote} onClose={close} />;
}
