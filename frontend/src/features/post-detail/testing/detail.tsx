import { Route, Routes, useLocation } from 'react-router-dom';

import { type FakeRoute, renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import PostDetailScreen from '../screens/PostDetailScreen';
import { makePost } from '../testFixtures';
import type { Comment } from '../types';

/** Test data only: the post the post-detail screen tests open, and its routes. */
export const post = makePost();
export const POST_URL = `/api/posts/${post.id}`;
export const COMMENTS_URL = `${POST_URL}/comments`;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** /post/:id with the toasts, and where any other address lands (`where`). */
export function renderDetail(id = post.id) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/post/:id" element={<PostDetailScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Toasts />
    </>,
    { route: `/post/${id}` },
  );
}

/** A comments endpoint backed by an array the test can change (as the server would after a write). */
export function commentsRoute(comments: Comment[]): () => FakeRoute {
  return () => ({ body: [...comments] });
}
