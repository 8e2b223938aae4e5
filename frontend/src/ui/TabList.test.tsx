import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';

import { i18n } from '../i18n';
import { TabList } from './TabList';

const TABS = ['one', 'two', 'three'] as const;
type Tab = (typeof TABS)[number];
const NAMES: Record<Tab, string> = { one: 'One', two: 'Two', three: 'Three' };

function Harness({ initial = 'one', onSelect }: { initial?: Tab; onSelect?: (tab: Tab) => void }) {
  const [selected, setSelected] = useState<Tab>(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <button type="button">Before</button>
      <TabList
        tabs={TABS}
        selected={selected}
        onSelect={(tab) => {
          onSelect?.(tab);
          setSelected(tab);
        }}
        aria-label="Numbers"
        tabId={(tab) => `t-${tab}`}
        panelId={(tab) => `p-${tab}`}
        label={(tab) => NAMES[tab]}
        className="list"
        tabClassName="list__tab"
      />
      <button type="button">After</button>
    </I18nextProvider>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedNames = () =>
  screen
    .getAllByRole('tab')
    .filter((el) => el.getAttribute('aria-selected') === 'true')
    .map((el) => el.textContent);

describe('TabList', () => {
  it('renders a named tablist whose tabs carry their ids, classes, aria-controls and aria-selected', () => {
    render(<Harness initial="two" />);
    const list = screen.getByRole('tablist', { name: 'Numbers' });
    expect(list).toHaveClass('list');
    expect(screen.getAllByRole('tab').map((el) => el.textContent)).toEqual(['One', 'Two', 'Three']);
    for (const key of TABS) {
      const el = tab(NAMES[key]);
      expect(el).toHaveAttribute('id', `t-${key}`);
      expect(el).toHaveAttribute('aria-controls', `p-${key}`);
      expect(el).toHaveAttribute('type', 'button');
      expect(el).toHaveClass('list__tab');
    }
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(tab('One')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Three')).toHaveAttribute('aria-selected', 'false');
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', async () => {
    const user = userEvent.setup();
    render(<Harness initial="two" />);
    expect(screen.getAllByRole('tab').map((el) => el.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(tab('Two')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await user.click(tab('Three'));
    expect(selectedNames()).toEqual(['Three']);
    expect(screen.getAllByRole('tab').map((el) => el.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
  });

  it('left to right: ArrowRight selects and focuses the next tab, ArrowLeft the previous, both wrapping', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Harness onSelect={onSelect} />);
    await user.click(tab('One'));
    onSelect.mockClear();

    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(selectedNames()).toEqual(['Two']);
    expect(tab('Two')).toHaveAttribute('tabindex', '0');
    expect(tab('One')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    expect(selectedNames()).toEqual(['One']);
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveFocus();
    expect(selectedNames()).toEqual(['Three']);
    await user.keyboard('{ArrowLeft}');
    expect(tab('Two')).toHaveFocus();
    expect(onSelect.mock.calls.map(([t]) => t)).toEqual(['two', 'three', 'one', 'three', 'two']);
  });

  it('Home and End select and focus the first and last tab', async () => {
    const user = userEvent.setup();
    render(<Harness initial="two" />);
    await user.click(tab('Two'));
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    expect(selectedNames()).toEqual(['Three']);
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveFocus();
    expect(selectedNames()).toEqual(['One']);
  });

  it('handles only its keys: those it handles are prevented, others pass through untouched', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Harness initial="two" onSelect={onSelect} />);
    await user.click(tab('Two'));
    onSelect.mockClear();
    await user.keyboard('{ArrowDown}{ArrowUp}a');
    expect(onSelect).not.toHaveBeenCalled();
    expect(tab('Two')).toHaveFocus();

    expect(fireEvent.keyDown(tab('Two'), { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(tab('Two'), { key: 'ArrowRight' })).toBe(false);
    expect(fireEvent.keyDown(tab('Three'), { key: 'Home' })).toBe(false);
    expect(fireEvent.keyDown(tab('One'), { key: 'End' })).toBe(false);
  });

  describe('right to left (Arabic)', () => {
    beforeEach(async () => {
      await act(() => i18n.changeLanguage('ar'));
    });
    afterEach(async () => {
      await act(() => i18n.changeLanguage('en'));
    });

    it('mirrors the arrows: ArrowLeft moves to the next tab, ArrowRight to the previous, both wrapping', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      expect(document.documentElement.dir).toBe('rtl');
      await user.click(tab('One'));

      await user.keyboard('{ArrowLeft}');
      expect(tab('Two')).toHaveFocus();
      expect(selectedNames()).toEqual(['Two']);
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(tab('One')).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(tab('Three')).toHaveFocus();
      expect(selectedNames()).toEqual(['Three']);
      await user.keyboard('{ArrowRight}');
      expect(tab('Two')).toHaveFocus();
    });

    it('keeps Home on the first tab and End on the last', async () => {
      const user = userEvent.setup();
      render(<Harness initial="two" />);
      await user.click(tab('Two'));
      await user.keyboard('{Home}');
      expect(tab('One')).toHaveFocus();
      await user.keyboard('{End}');
      expect(tab('Three')).toHaveFocus();
      expect(selectedNames()).toEqual(['Three']);
    });
  });
});
