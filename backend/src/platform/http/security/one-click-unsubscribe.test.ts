import { isOneClickUnsubscribe, mediaType } from './one-click-unsubscribe';

describe('isOneClickUnsubscribe: the one CSRF exemption for mail providers', () => {
  const route = '/api/notify/donations-open/unsubscribe';
  const form = 'application/x-www-form-urlencoded';
  const req = (method: string, url: string, ...type: [string?]) => ({
    method,
    url,
    headers: { 'content-type': type.length ? type[0] : form },
  });

  it('takes a POST of a form, urlencoded or multipart, to the exact path, with any query', () => {
    for (const type of [
      form,
      `${form}; charset=utf-8`,
      'Application/X-WWW-Form-Urlencoded',
      'multipart/form-data; boundary=x',
    ])
      expect(isOneClickUnsubscribe(req('POST', `${route}?token=a.b`, type))).toBe(true);
    expect(isOneClickUnsubscribe(req('POST', route))).toBe(true);
  });

  it('takes nothing else: other methods, paths, spellings of the path, or content types', () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'post'])
      expect(isOneClickUnsubscribe(req(method, route))).toBe(false);
    for (const url of [
      '/api/notify/donations-open/confirm',
      '/api/notify/donations-open',
      `${route}/`,
      `${route}x`,
      `/x${route}`,
      `/${route}`,
      route.toUpperCase(),
      route.replace('unsubscribe', 'unsubscrib%65'),
      `${route}/../../../posts`,
      `${route};a`,
      `${route}#?x`,
    ])
      expect([url, isOneClickUnsubscribe(req('POST', url))]).toEqual([url, false]);
    for (const type of [
      'application/json',
      'text/plain',
      undefined,
      '',
      'application/x-www-form-urlencodedx',
      `x${form}`,
    ])
      expect([type, isOneClickUnsubscribe(req('POST', route, type))]).toEqual([type, false]);
  });

  it('reads the media type without its parameters', () => {
    expect(mediaType(' Multipart/Form-Data ; boundary=abc')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
  });
});
