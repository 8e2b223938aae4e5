import { act, render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router-dom';

import { ScrollMemory } from './ScrollMemory';

let navigate!: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** jsdom does not scroll: a page whose scrollTo moves scrollY, and a member's scroll fires the event. */
function fakeScrolling() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  const scrollTo = jest.fn((_x: number, top: number) => (y = top));
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  const scrollBy = (top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  };
  return { scrollTo, scrollBy, at: () => y };
}

describe('ScrollMemory', () => {
  it('opens each screen at the top, and Back returns to where the member left the last one', async () => {
    const page = fakeScrolling();
    render(
      <MemoryRouter initialEntries={['/home']}>
        <ScrollMemory />
        <Navigator />
      </MemoryRouter>,
    );
    page.scrollBy(1800);
    await act(() => navigate('/learning'));
    expect(page.at()).toBe(0);
    page.scrollBy(300);
    await act(() => navigate(-1));
    expect(page.at()).toBe(1800);
    await act(() => navigate(1));
    expect(page.at()).toBe(300);
  });

  it('keeps the position when only the address’s query changes (filters written in place)', async () => {
    const page = fakeScrolling();
    render(
      <MemoryRouter initialEntries={['/learning']}>
        <ScrollMemory />
        <Navigator />
      </MemoryRouter>,
    );
    page.scrollBy(640);
    await act(() => navigate('/learning?category=Hadith', { replace: true }));
    expect(page.at()).toBe(640);
    expect(page.scrollTo).not.toHaveBeenCalled();
  });
});
