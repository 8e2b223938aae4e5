import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';

import { i18n } from '@/i18n';

import { ErrorBoundary } from './ErrorBoundary';

let shouldThrow = true;
function Bomb() {
  if (shouldThrow) throw new Error('kaboom');
  return <p>recovered</p>;
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong: {message}' and resets on Try Again", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Bomb />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong: kaboom');
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
  });
});
