import { waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { authApi } from '@/resources/session';
import { renderScreens } from '@/testing/screens';

import CommunitiesScreen from '../screens/CommunitiesScreen';
import CommunityEditorScreen from '../screens/CommunityEditorScreen';
import CommunityReportsScreen from '../screens/CommunityReportsScreen';
import CommunityScreen from '../screens/CommunityScreen';
import JoinRequestsScreen from '../screens/JoinRequestsScreen';

/** The communities screens as the shell holds them, once the session has been read. */
export async function renderCommunities(route = '/communities') {
  const rendered = renderScreens(
    <>
      <Route path="/communities" element={<CommunitiesScreen />} />
      <Route path="/communities/new" element={<CommunityEditorScreen />} />
      <Route path="/communities/:slug" element={<CommunityScreen />} />
      <Route path="/communities/:slug/edit" element={<CommunityEditorScreen />} />
      <Route path="/communities/:slug/requests" element={<JoinRequestsScreen />} />
      <Route path="/communities/:slug/reports" element={<CommunityReportsScreen />} />
    </>,
    route,
  );
  // The shell asks for the session; a screen that fails before reading it (a missing community) would not.
  void rendered.store.dispatch(authApi.endpoints.getMe.initiate());
  await waitFor(() =>
    expect(rendered.store.getState().api.queries['getMe(undefined)']?.status).toMatch(/fulfilled|rejected/),
  );
  return rendered;
}
