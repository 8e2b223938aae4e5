import { copyOrShow, productionTestScript } from './productionTest';

describe('Copy Production Test', () => {
  it('is a script that parses, names the site, and only reads (no register or login)', () => {
    const script = productionTestScript('https://deenconnect.example');
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('https://deenconnect.example');
    for (const path of ['/api/auth/csrf', '/api/auth/health', '/api/auth/cookies-hint', '/api/auth/me'])
      expect(script).toContain(path);
    expect(script).not.toMatch(/register|login|method:\s*'POST'/);
  });

  it('copies to the clipboard when it can', async () => {
    const written: string[] = [];
    const openWindow = jest.fn();
    const outcome = await copyOrShow('the script', 'Title', {
      writeText: async (text) => {
        written.push(text);
      },
      openWindow,
    });
    expect(outcome).toBe('copied');
    expect(written).toEqual(['the script']);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a popup window showing the script when the clipboard refuses (§2)', async () => {
    const popup = document.implementation.createHTMLDocument('');
    const outcome = await copyOrShow('the <script>', 'Title', {
      writeText: async () => {
        throw new Error('denied');
      },
      openWindow: () => ({ document: popup }) as unknown as Window,
    });
    expect(outcome).toBe('popup');
    expect(popup.title).toBe('Title');
    expect(popup.querySelector('pre')?.textContent).toBe('the <script>');
    expect(popup.querySelector('script')).toBeNull();
  });

  it('says so when the popup is blocked too', async () => {
    const outcome = await copyOrShow('x', 'Title', { writeText: undefined, openWindow: () => null });
    expect(outcome).toBe('failed');
  });
});
