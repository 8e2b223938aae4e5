import { parseMailJob } from './mail-job';

describe('parseMailJob', () => {
  const valid = {
    id: 'm1',
    to: 'a@x.test',
    template: 'verify-email',
    locale: 'en',
    subject: 'S',
    text: 'secret https://x.test/?token=SECRET',
    html: '<p>SECRET</p>',
  };

  it('accepts a rendered mail', () => {
    expect(parseMailJob(valid)).toEqual(valid);
  });

  it('names the bad fields but never echoes their values', () => {
    const bad = { ...valid, template: 'SECRET-template', text: 42 };
    // An exact message: nothing of the values can be in it.
    expect(() => parseMailJob(bad)).toThrow(new Error('Invalid mail.send job: bad template, text'));
  });

  it('takes a one-click unsubscribe URL, but nothing that could break out of its header', () => {
    const url = 'https://x.test/api/notify/donations-open/unsubscribe?token=k.s';
    expect(parseMailJob({ ...valid, listUnsubscribe: url })).toEqual({ ...valid, listUnsubscribe: url });
    for (const bad of [
      `${url}\r\nBcc: victim@x.test`,
      `${url}>, <mailto:a@x.test`,
      'javascript:alert(1)',
      '/relative?token=k.s',
      `${url} x`,
      '',
    ])
      expect(() => parseMailJob({ ...valid, listUnsubscribe: bad })).toThrow(
        'Invalid mail.send job: bad listUnsubscribe',
      );
  });

  it('refuses something that is not a job at all', () => {
    expect(() => parseMailJob(null)).toThrow('Invalid mail.send job: bad (job)');
  });
});
