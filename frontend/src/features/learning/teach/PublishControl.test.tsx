import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';

import { PublishControl } from './PublishControl';

function Editor({ start }: { start: boolean }) {
  // The draft the editor reads again after the mutation: here, the state the answer leaves.
  const [isPublished, setPublished] = useState(start);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PublishControl courseId="c1" isPublished={isPublished} onError={setError} />
      <button type="button" onClick={() => setPublished((p) => !p)}>
        reload draft
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}

describe('publishing a course', () => {
  it('says what publishing does, asks first, then links to the course as members see it', async () => {
    const calls = installFetch((call) =>
      call.method === 'POST' && call.path === '/api/courses/c1/publish'
        ? { body: { id: 'c1', isPublished: true } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Editor start={false} />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish this course?' });
    expect(dialog).toHaveTextContent('It will be listed in the catalogue');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'reload draft' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your course is in the catalogue.');
    expect(within(status).getByRole('link', { name: 'See it as members do' })).toHaveAttribute('href', '/course/c1');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/courses/c1/publish']);
  });

  it("asks before unpublishing, and shows the server's refusal", async () => {
    installFetch((call) =>
      call.method === 'POST' && call.path === '/api/courses/c1/unpublish'
        ? { status: 403, body: { message: 'Only the course teacher can do that' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<Editor start />);
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unpublish this course?' });
    expect(dialog).toHaveTextContent('members who bought it keep it');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the course teacher can do that');
  });
});
