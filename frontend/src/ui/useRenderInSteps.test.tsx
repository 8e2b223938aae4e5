import { act, render, screen } from '@testing-library/react';

import { useRenderInSteps } from './useRenderInSteps';

function List({ total }: { total: number }) {
  const shown = useRenderInSteps(total, 3, 5);
  return <p data-testid="shown">{shown}</p>;
}

const shown = () => Number(screen.getByTestId('shown').textContent);

describe('useRenderInSteps', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** One step: the timer that adds the next items, then the effects of what it rendered. */
  const nextStep = () => act(() => jest.advanceTimersByTime(50));

  it('renders the first few at once, then a step more per task until all are in', () => {
    render(<List total={20} />);
    expect(shown()).toBe(3);
    nextStep();
    expect(shown()).toBe(8);
    nextStep();
    expect(shown()).toBe(13);
    nextStep();
    nextStep();
    expect(shown()).toBe(20);
    nextStep();
    expect(shown()).toBe(20);
  });

  it('renders a short list whole, and goes on in steps when the list grows (the next page)', () => {
    const { rerender } = render(<List total={2} />);
    expect(shown()).toBe(2);
    rerender(<List total={12} />);
    // What is already shown stays, at least the first few at once; the rest follow in steps.
    expect(shown()).toBe(3);
    nextStep();
    expect(shown()).toBe(8);
    nextStep();
    expect(shown()).toBe(12);
  });

  it('shows the first few at once when the items arrive after the first render (a page loading)', () => {
    const { rerender } = render(<List total={0} />);
    expect(shown()).toBe(0);
    rerender(<List total={20} />);
    expect(shown()).toBe(3);
  });

  it('never shows more than there is when the list shrinks', () => {
    const { rerender } = render(<List total={20} />);
    nextStep();
    rerender(<List total={5} />);
    expect(shown()).toBe(5);
  });
});
