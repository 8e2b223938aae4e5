import { addListener } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';

import { useAppDispatch } from '@/app/hooks';

import { postsApi } from '../posts';

/**
 * Whether post `id` was deleted while this screen shows it (the card's owner menu). The cache patch
 * that follows a delete removes the post from lists but leaves a single cached post in place, so the
 * screen listens for the delete itself.
 */
export function usePostDeleted(id: string): boolean {
  const dispatch = useAppDispatch();
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    setDeleted(false);
    const unsubscribe = dispatch(
      addListener({
        matcher: postsApi.endpoints.deletePost.matchFulfilled,
        effect: (action) => {
          if (action.meta.arg.originalArgs === id) setDeleted(true);
        },
      }),
    );
    return () => {
      unsubscribe();
    };
  }, [dispatch, id]);
  return deleted;
}
