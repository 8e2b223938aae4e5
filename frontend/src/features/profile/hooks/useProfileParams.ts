import { useSearchParams } from 'react-router-dom';

import { type FollowList, PROFILE_TABS, type ProfileTab } from '../types';

const LISTS: readonly FollowList[] = ['followers', 'following'];

export interface ProfileParams {
  tab: ProfileTab;
  list: FollowList | null;
  editing: boolean;
  selectTab: (tab: ProfileTab) => void;
  openList: (list: FollowList) => void;
  openEdit: () => void;
  closeDialogs: () => void;
}

/**
 * The screen's state lives in the URL so links can open it: `?tab=` picks the tab, `?list=` opens
 * followers or following (the side menu's `?tab=followers` too), `?edit=1` the Edit Profile modal.
 */
export function useProfileParams(): ProfileParams {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const rawList = params.get('list') ?? rawTab;
  const tab = PROFILE_TABS.find((t) => t === rawTab) ?? 'posts';
  const list = LISTS.find((l) => l === rawList) ?? null;

  const update = (change: (next: URLSearchParams) => void, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );

  return {
    tab,
    list,
    editing: params.get('edit') === '1',
    selectTab: (next) => update((p) => (next === 'posts' ? p.delete('tab') : p.set('tab', next)), true),
    openList: (next) => update((p) => p.set('list', next), false),
    openEdit: () => update((p) => p.set('edit', '1'), false),
    closeDialogs: () =>
      update((p) => {
        p.delete('list');
        p.delete('edit');
        if (LISTS.some((l) => l === p.get('tab'))) p.delete('tab');
      }, true),
  };
}
