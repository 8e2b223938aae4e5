import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { profileApi } from '@/resources/profiles/api';
import { authApi } from '@/resources/session/api';
import { MEMBER, MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { OWN_PROFILE } from '../testFixtures';
import { EditProfileModal } from './EditProfileModal';

function png(name = 'me.png') {
  return new File(['png-bytes'], name, { type: 'image/png' });
}

function renderModal(onClose = jest.fn()) {
  const view = renderWithProviders(
    <EditProfileModal profile={{ ...OWN_PROFILE, bio: '', location: '', website: '' }} onClose={onClose} />,
  );
  return { ...view, onClose };
}

describe('EditProfileModal', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it("counts the bio as 'n/160' and refuses more than 160", async () => {
    const fetch = mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByText('0/160')).toBeInTheDocument();
    const bio = screen.getByLabelText('Bio');
    await user.type(bio, 'Salaam');
    expect(screen.getByText('6/160')).toBeInTheDocument();
    await user.clear(bio);
    await user.click(bio);
    await user.paste('b'.repeat(161));
    expect(screen.getByText('161/160')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Bio must be 160 characters or less')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/profile/update')).toBe(false);
  });

  it("shows the form's validation messages", async () => {
    mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup();
    renderModal();
    await user.clear(screen.getByLabelText('Display name'));
    await user.click(screen.getByLabelText('Location'));
    await user.paste('l'.repeat(101));
    await user.type(screen.getByLabelText('Website'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Location must be 100 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Website must be a valid URL')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Display name'), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Display name must be 50 characters or less')).toBeInTheDocument();
  });

  it('refuses a non-image and a picture of 5MB or more', async () => {
    mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup({ applyAccept: false });
    renderModal();
    await user.upload(screen.getByLabelText('Change photo'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Change banner'), big);
    expect(screen.getByText('Image must be smaller than 5MB')).toBeInTheDocument();
  });

  it('saves the multipart fields with both pictures and updates the cached profile and session user', async () => {
    const saved = {
      ...OWN_PROFILE,
      displayName: 'Amina Yusuf',
      bio: 'Learning every day',
      location: 'Mombasa',
      website: 'https://amina.dev',
      avatarUrl: '/media/profile/a.png',
    };
    const fetch = mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/amina': { body: OWN_PROFILE },
      'POST /api/profile/update': { body: { success: true, profile: saved } },
    });
    const user = userEvent.setup();
    const { store, onClose } = renderModal();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    await store.dispatch(profileApi.endpoints.getProfile.initiate('amina'));

    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Amina Yusuf');
    await user.type(screen.getByLabelText('Bio'), 'Learning every day');
    await user.type(screen.getByLabelText('Location'), 'Mombasa');
    await user.type(screen.getByLabelText('Website'), 'amina.dev');
    const photo = png('me.png');
    const banner = png('banner.png');
    await user.upload(screen.getByLabelText('Change photo'), photo);
    await user.upload(screen.getByLabelText('Change banner'), banner);
    expect(screen.getByRole('img', { name: 'Preview: Change photo' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([url]) => url === '/api/profile/update');
    const body = call?.[1]?.body as FormData;
    expect(call?.[1]?.method).toBe('POST');
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('displayName')).toBe('Amina Yusuf');
    expect(body.get('bio')).toBe('Learning every day');
    expect(body.get('location')).toBe('Mombasa');
    expect(body.get('website')).toBe('https://amina.dev');
    expect((body.get('profileImage') as File).name).toBe('me.png');
    expect((body.get('banner') as File).name).toBe('banner.png');

    const state = store.getState();
    expect(profileApi.endpoints.getProfile.select('amina')(state).data?.displayName).toBe('Amina Yusuf');
    const me = authApi.endpoints.getMe.select()(state).data;
    expect(me).toMatchObject({ id: MEMBER.id, displayName: 'Amina Yusuf', avatarUrl: '/media/profile/a.png' });
    expect(state.toasts.map((t) => t.message)).toContain('Profile updated');
  });

  it("says 'Update Failed' with the server's error and marks the field", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      'POST /api/profile/update': {
        status: 400,
        body: {
          error: 'Bad Request',
          message: 'Website must be a valid URL',
          code: 'VALIDATION_FAILED',
          fields: { website: 'Website must be a valid URL' },
        },
      },
    });
    const user = userEvent.setup();
    const { store, onClose } = renderModal();
    await user.type(screen.getByLabelText('Website'), 'https://amina.dev');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain('Update Failed: Website must be a valid URL'),
    );
    expect(await screen.findByText('Website must be a valid URL')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to update profile'", async () => {
    mockFetch({ ...MEMBER_ROUTES, 'POST /api/profile/update': { status: 500, body: '' } });
    const user = userEvent.setup();
    const { store } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain('Update Failed: Failed to update profile'),
    );
  });

  it('keeps focus inside and closes on Escape', async () => {
    mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup();
    const { onClose } = renderModal();
    expect(screen.getByLabelText('Display name')).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
