import { BadRequestException } from '@nestjs/common';

import { parseOutboxQuery } from './outbox-query';

describe('parseOutboxQuery', () => {
  it('defaults to 20 and no recipient filter', () => {
    expect(parseOutboxQuery({})).toEqual({ limit: 20 });
    expect(parseOutboxQuery(undefined)).toEqual({ limit: 20 });
  });

  it('caps the limit at 100 and trims the recipient', () => {
    expect(parseOutboxQuery({ to: ' A@B.test ', limit: '500' })).toEqual({ to: 'A@B.test', limit: 100 });
    expect(parseOutboxQuery({ limit: '7' })).toEqual({ limit: 7 });
  });

  it.each([
    [{ limit: 'ten' }, 'limit must be a whole number'],
    [{ limit: '0' }, 'limit must be at least 1'],
    [{ limit: '-3' }, 'limit must be a whole number'],
    [{ to: '' }, 'to must not be empty'],
    [{ to: ['a@b.test', 'c@d.test'] }, 'to must be given once'],
  ])('rejects %j with 400', (query, message) => {
    expect(() => parseOutboxQuery(query)).toThrow(BadRequestException);
    expect(() => parseOutboxQuery(query)).toThrow(message);
  });
});
