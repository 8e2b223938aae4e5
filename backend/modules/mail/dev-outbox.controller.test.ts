import { NotFoundException } from '@nestjs/common';

import { loadConfig } from '../../src/platform/config';
import { MemoryReadStore } from '../../src/platform/read-store/memory.read-store';
import { DevOutboxController } from './dev-outbox.controller';
import { DevOutbox } from './outbox/dev-outbox';

describe('DevOutboxController', () => {
  it('hides the outbox when SMTP_URL is set, even in development', async () => {
    const config = loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://smtp.example.test:587' });
    const controller = new DevOutboxController(config, new DevOutbox(new MemoryReadStore()));
    await expect(controller.list({})).rejects.toThrow(NotFoundException);
  });

  it.each([
    ['under NODE_ENV=test without DEV_ROUTES', { NODE_ENV: 'test' }],
    ['in development with DEV_ROUTES=false', { NODE_ENV: 'development', DEV_ROUTES: 'false' }],
    ['in production', { NODE_ENV: 'production' }],
  ])('hides the outbox %s', async (_when, env) => {
    const controller = new DevOutboxController(loadConfig(env), new DevOutbox(new MemoryReadStore()));
    await expect(controller.list({})).rejects.toThrow(NotFoundException);
  });

  it('shows the outbox under NODE_ENV=test with DEV_ROUTES=true (the test harness)', async () => {
    const controller = new DevOutboxController(
      loadConfig({ NODE_ENV: 'test', DEV_ROUTES: 'true' }),
      new DevOutbox(new MemoryReadStore()),
    );
    await expect(controller.list({})).resolves.toEqual({ mails: [] });
  });

  it('answers the listed mails in development without SMTP_URL', async () => {
    const outbox = new DevOutbox(new MemoryReadStore());
    await outbox.add({
      id: 'm1',
      to: 'a@x.test',
      template: 'verify-email',
      locale: 'en',
      subject: 'S',
      text: 'T',
      html: 'H',
    });
    const controller = new DevOutboxController(loadConfig({ NODE_ENV: 'development' }), outbox);
    const { mails } = await controller.list({ to: 'A@X.TEST' });
    expect(mails.map((m) => m.id)).toEqual(['m1']);
  });
});
