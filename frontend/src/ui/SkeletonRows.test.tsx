import { render, screen } from '@testing-library/react';

import { SkeletonRows } from './SkeletonRows';

describe('SkeletonRows', () => {
  it('announces one named status holding `count` hidden rows: an avatar and three lines, classes named after the block', () => {
    render(<SkeletonRows count={3} label="Loading posts" className="list" block="thing" rowClassName="card thing" />);
    const status = screen.getByRole('status', { name: 'Loading posts' });
    expect(status).toHaveClass('list');
    const rows = screen.getAllByTestId('thing');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveAttribute('aria-hidden', 'true');
      expect(row.className).toBe('card thing');
      expect(row.innerHTML).toBe(
        '<span class="thing__avatar"></span><span class="thing__lines">' +
          '<span class="thing__line thing__line--short"></span><span class="thing__line"></span>' +
          '<span class="thing__line"></span></span>',
      );
    }
  });

  it('gives each row the block as its class when no row class is named', () => {
    render(<SkeletonRows count={1} label="Loading" className="list" block="thing" />);
    expect(screen.getByTestId('thing').className).toBe('thing');
    expect(screen.getByRole('status')).not.toHaveTextContent(/./);
  });
});
