import pino from 'pino';

import { loadConfig } from '../../../src/platform/config';
import { MemoryReadStore } from '../../../src/platform/read-store/memory.read-store';
import { createMailTransport } from './create-mail-transport';

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('createMailTransport', () => {
  it('uses SMTP when SMTP_URL is set', () => {
    const { logger } = capturingLogger();
    const config = loadConfig({ SMTP_URL: 'smtp://u:p@smtp.example.test:587' });
    expect(createMailTransport(config, new MemoryReadStore(), logger).kind).toBe('smtp');
  });

  it('uses the outbox without SMTP_URL, silently in development', () => {
    const { logger, lines } = capturingLogger();
    expect(createMailTransport(loadConfig({}), new MemoryReadStore(), logger).kind).toBe('outbox');
    expect(lines).toEqual([]);
  });

  it('warns in production without SMTP_URL that mails are not delivered', () => {
    const { logger, lines } = capturingLogger();
    expect(createMailTransport(loadConfig({ NODE_ENV: 'production' }), new MemoryReadStore(), logger).kind).toBe(
      'outbox',
    );
    expect(lines.join('')).toContain('SMTP_URL is not set');
  });
});
