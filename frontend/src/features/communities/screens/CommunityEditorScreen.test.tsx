import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCommunity, MEMBER_STATE } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';

const created = makeCommunity({
  slug: 'eastleigh-sisters',
  name: 'Eastleigh Sisters',
  me: { ...MEMBER_STATE, role: 'owner' },
});
const creates = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/communities');

function serve(extra: (call: Call) => FakeRoute | undefined = () => undefined) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.method === 'GET' && call.path === '/api/communities/eastleigh-sisters'
        ? { body: { community: created } }
        : call.path === '/api/communities/eastleigh-sisters/posts'
          ? { body: { pinned: [], posts: [], nextCursor: null } }
          : undefined),
  );
}

describe('the community form', () => {
  it('names what is wrong before sending anything', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await renderCommunities('/communities/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a community' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address (optional)' }), 'No Spaces!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Give the community a name')).toBeInTheDocument();
    expect(screen.getByText('Use 3 to 40 lower-case letters, digits and dashes')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(creates(calls)).toEqual([]);
  });

  it('orders the rules, shows a taken address by its field, then creates the community and opens it', async () => {
    let taken = true;
    const calls = serve((call) =>
      call.method === 'POST' && call.path === '/api/communities'
        ? taken
          ? { status: 409, body: { error: 'Conflict', message: 'Slug taken', code: 'SLUG_TAKEN' } }
          : { status: 201, body: { community: created } }
        : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities('/communities/new');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Eastleigh Sisters');
    await user.type(screen.getByRole('textbox', { name: 'Address (optional)' }), 'eastleigh-sisters');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'A circle for sisters in Eastleigh.');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Rule 1' }), 'Sisters only');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Rule 2' }), 'Be kind');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    expect(screen.getByRole('textbox', { name: 'Rule 1' })).toHaveValue('Be kind');
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'sisters');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Nairobi');
    const privacy = screen.getByRole('group', { name: 'Who can join' });
    await user.click(within(privacy).getByRole('radio', { name: /Private/ }));

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('That address is taken: choose another')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address (optional)' })).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Community created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/communities/eastleigh-sisters'));
    // The empty third rule is left out; the images were not touched, so they are not sent.
    expect(creates(calls).at(-1)?.body).toEqual({
      name: 'Eastleigh Sisters',
      slug: 'eastleigh-sisters',
      description: 'A circle for sisters in Eastleigh.',
      rules: ['Be kind', 'Sisters only'],
      category: 'sisters',
      city: 'Nairobi',
      privacy: 'private',
    });
  });

  it("shows the server's refusal on the form", async () => {
    serve((call) =>
      call.method === 'POST' && call.path === '/api/communities'
        ? { status: 403, body: { error: 'Forbidden', message: 'Verify your email first', code: 'EMAIL_NOT_VERIFIED' } }
        : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities('/communities/new');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Youth Nairobi');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Verify your email first')).toHaveAttribute('role', 'alert');
  });

  it('edits without the address or the privacy, sending only what may change', async () => {
    const calls = serve((call) =>
      call.method === 'PATCH' ? { body: { community: { ...created, name: 'Eastleigh Sisters Circle' } } } : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities('/communities/eastleigh-sisters/edit');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Eastleigh Sisters'));
    expect(screen.queryByRole('textbox', { name: 'Address (optional)' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Who can join' })).toBeNull();
    await user.clear(name);
    await user.type(name, 'Eastleigh Sisters Circle');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Eastleigh Sisters Circle',
      description: 'Reading the Quran well, together.',
      rules: ['No spam'],
      category: 'study_circle',
      city: 'Nairobi',
    });
  });

  it('turns away a member who does not moderate the community', async () => {
    installFetch((call) =>
      call.path === '/api/communities/eastleigh-sisters'
        ? { body: { community: { ...created, me: MEMBER_STATE } } }
        : undefined,
    );
    await renderCommunities('/communities/eastleigh-sisters/edit');
    expect(await screen.findByText("Only the community's moderators can edit it.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('lets the owner delete the community once its name is typed, then opens the list of the others', async () => {
    const calls = serve((call) =>
      call.method === 'DELETE'
        ? { body: { deleted: true } }
        : call.path === '/api/communities'
          ? { body: { communities: [], nextCursor: null } }
          : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities('/communities/eastleigh-sisters/edit');
    await user.click(await screen.findByRole('button', { name: 'Delete community' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete \u2068Eastleigh Sisters\u2069?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: "Type the community's name to confirm" }), 'Eastleigh');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: "Type the community's name to confirm" }), ' sisters');
    await user.click(confirm);
    expect(await screen.findByText('Community deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/communities$/));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/communities/eastleigh-sisters', body: {} }),
    ]);
  });

  it('offers no deletion to a moderator who is not its owner', async () => {
    installFetch((call) =>
      call.path === '/api/communities/eastleigh-sisters'
        ? { body: { community: { ...created, me: { ...MEMBER_STATE, role: 'moderator' } } } }
        : undefined,
    );
    await renderCommunities('/communities/eastleigh-sisters/edit');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete community' })).toBeNull();
  });
});
