import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFetch } from '@/testing/installFetch';

import { renderLearning } from '../testing/renderLearning';

describe('course editor', () => {
  it('names what is missing before sending anything', async () => {
    const calls = installFetch(() => undefined);
    const user = userEvent.setup();
    renderLearning('/teach/new');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.clear(screen.getByRole('textbox', { name: 'Price (KSh, 0 for free)' }));
    await user.type(screen.getByRole('textbox', { name: 'Price (KSh, 0 for free)' }), '60000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(
      screen.getByText('Price must be an amount in KSh from 0 to 50,000, with at most 2 decimals'),
    ).toBeInTheDocument();
    const alert = screen.getByText('Each section needs a title').closest('ul') as HTMLElement;
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(alert).getByText('Each section needs a title')).toBeInTheDocument();
    expect(within(alert).getByText('Each lesson needs a title')).toBeInTheDocument();
    expect(within(alert).getByText('Each lesson needs a video or a text')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/courses')).toEqual([]);
  });

  it("creates the course with the curriculum and shows the server's refusal when there is one", async () => {
    let refuse = true;
    const calls = installFetch((call) =>
      call.method === 'POST' && call.path === '/api/courses'
        ? refuse
          ? { status: 403, body: { message: 'Only approved teachers can create courses' } }
          : { status: 201, body: { id: 'new1' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/teach/new');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Arabic for Quran');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Read the Quran in its language.');
    await user.type(screen.getByRole('textbox', { name: 'Point 1' }), 'The alphabet');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getByRole('textbox', { name: 'Section 1 title' }), 'Letters');
    await user.type(screen.getByRole('textbox', { name: 'Lesson 1 title' }), 'Alif to Ya');
    await user.type(screen.getByRole('spinbutton', { name: 'Duration (minutes)' }), '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'Free preview' }));
    await user.type(screen.getByRole('textbox', { name: 'Lesson text' }), 'Alif, Ba, Ta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only approved teachers can create courses')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/courses').at(-1)?.body).toEqual({
      title: 'Arabic for Quran',
      description: 'Read the Quran in its language.',
      category: 'Quran',
      level: 'beginner',
      price: '0',
      promoPrice: null,
      thumbnailMediaId: null,
      previewVideoMediaId: null,
      whatYouWillLearn: ['The alphabet'],
      sections: [
        {
          title: 'Letters',
          lessons: [
            {
              title: 'Alif to Ya',
              durationSec: 750,
              freePreview: true,
              content: { kind: 'text', text: 'Alif, Ba, Ta' },
            },
          ],
        },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/teach/new1'));
  });
});
