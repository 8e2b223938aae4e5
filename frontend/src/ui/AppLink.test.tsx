import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';

import { AppLink } from './AppLink';

function Where() {
  const location = useLocation();
  const how = useNavigationType();
  return <p data-testid="where">{`${how} ${location.pathname}${location.search}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

describe('AppLink', () => {
  const app = (
    <>
      <AppLink to="/post/1?from=feed" className="card-link" aria-label="Open the post">
        post
      </AppLink>
      <AppLink to="/home">home</AppLink>
      <Where />
    </>
  );

  it('is a real link to the address, which the router follows on a plain click', () => {
    render(<MemoryRouter initialEntries={['/home']}>{app}</MemoryRouter>);
    const link = screen.getByRole('link', { name: 'Open the post' });
    expect(link).toHaveAttribute('href', '/post/1?from=feed');
    expect(link).toHaveClass('card-link');
    fireEvent.click(link);
    expect(where()).toBe('PUSH /post/1?from=feed');
  });

  it('leaves a click with a modifier (a new tab) or a middle click to the browser', () => {
    render(<MemoryRouter initialEntries={['/home']}>{app}</MemoryRouter>);
    const link = screen.getByRole('link', { name: 'Open the post' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { button: 1 });
    expect(where()).toBe('POP /home');
  });

  it('replaces the history entry for a link to where the reader is, and adds one otherwise', () => {
    render(<MemoryRouter initialEntries={['/home']}>{app}</MemoryRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'home' }));
    expect(where()).toBe('REPLACE /home');
    fireEvent.click(screen.getByRole('link', { name: 'Open the post' }));
    expect(where()).toBe('PUSH /post/1?from=feed');
  });

  it('calls its own onClick first, and leaves a click it handled alone', () => {
    const onClick = jest.fn();
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <AppLink to="/profile/amina" onClick={onClick}>
                  profile
                </AppLink>
                <AppLink to="/elsewhere" onClick={(event) => event.preventDefault()}>
                  handled
                </AppLink>
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'handled' }));
    expect(where()).toBe('POP /home');
    fireEvent.click(screen.getByRole('link', { name: 'profile' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('PUSH /profile/amina');
  });
});
