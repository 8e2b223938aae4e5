import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { authApi } from '@/resources/session/api';
import { MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { OwnerActions } from './OwnerActions';

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function renderActions(onEdit = jest.fn()) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<OwnerActions username="amina" onEdit={onEdit} />} />
      <Route path="/auth" element={<p>auth screen</p>} />
    </Routes>,
    { route: '/profile/amina' },
  );
}

describe('OwnerActions', () => {
  it('downloads my data as a JSON file', async () => {
    const exported = { profile: { username: 'amina' }, posts: [{ id: 'p1' }] };
    mockFetch({ ...MEMBER_ROUTES, 'GET /api/account/export': { body: exported } });
    let saved: Blob | null = null;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const user = userEvent.setup();
    const { store } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Profile options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download my data' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('deenconnect-amina-export.json');
    expect(clicks[0]?.href).toBe('blob:export');
    expect(JSON.parse(await readBlob(saved as unknown as Blob))).toEqual(exported);
    expect(store.getState().toasts.map((t) => t.message)).toContain('Your data was downloaded');
    click.mockRestore();
  });

  it('asks for confirmation and the password before deleting the account', async () => {
    const fetch = mockFetch({ ...MEMBER_ROUTES, 'DELETE /api/account': { body: { success: true } } });
    const user = userEvent.setup();
    const { store } = renderActions();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    await user.click(screen.getByRole('button', { name: 'Profile options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    // Nothing is sent until the member confirms.
    expect(fetch.mock.calls.some(([url]) => url === '/api/account')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password is required');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('auth screen')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url === '/api/account');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ password: 'secret-pass' });
    // The member is forgotten: the store's reset (app/memberScope.ts) leaves /me empty or null, never the member.
    await waitFor(() => expect(authApi.endpoints.getMe.select()(store.getState()).data ?? null).toBeNull());
    expect((store.getState() as { member: { id: string | null } }).member.id).toBeNull();
  });

  it("shows the server's refusal and keeps the account", async () => {
    mockFetch({ ...MEMBER_ROUTES, 'DELETE /api/account': { status: 403, body: { message: 'Incorrect password' } } });
    const user = userEvent.setup();
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Profile options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password');
    expect(screen.queryByText('auth screen')).not.toBeInTheDocument();
  });

  it('cancel closes the confirmation without deleting', async () => {
    const fetch = mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup();
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Profile options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete account' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/account')).toBe(false);
  });
});
