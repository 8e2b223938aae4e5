import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';

import { i18n } from '@/i18n';

import { PasswordChecklist } from './PasswordChecklist';

function metRules(password: string): string[] {
  render(
    <I18nextProvider i18n={i18n}>
      <PasswordChecklist password={password} />
    </I18nextProvider>,
  );
  return screen
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-met') === 'true')
    .map((item) => item.textContent ?? '');
}

describe('PasswordChecklist', () => {
  it('lists the five rules, none met for an empty password', () => {
    expect(metRules('')).toEqual([]);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Missing: One special character')).toBeInTheDocument();
  });

  it('ticks each rule as it is satisfied', () => {
    const met = metRules('abcDEF12');
    expect(met).toHaveLength(4);
    expect(met.join('|')).toContain('At least 8 characters');
    expect(met.join('|')).not.toContain('One special character');
  });

  it('ticks all rules for a strong password', () => {
    expect(metRules('Salaam#2026')).toHaveLength(5);
    expect(screen.getByText('Done: One special character')).toBeInTheDocument();
  });
});
