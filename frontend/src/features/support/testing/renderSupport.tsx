import { waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { renderScreens } from '@/testing/screens';

import SupportScreen from '../screens/SupportScreen';

/** /support as the shell holds it, once the session has been read (signed in or not). */
export async function renderSupport(route = '/support') {
  const rendered = renderScreens(<Route path="/support" element={<SupportScreen />} />, route);
  await waitFor(() =>
    expect(rendered.store.getState().api.queries['getMe(undefined)']?.status).toMatch(/fulfilled|rejected/),
  );
  return rendered;
}
