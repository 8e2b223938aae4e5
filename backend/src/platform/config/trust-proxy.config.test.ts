import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).http.trustProxy;

  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes a number of proxies in front of the app', () => {
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
  });

  it("takes the proxies' addresses and ranges, and proxy-addr's names for the private ranges", () => {
    expect(trust('172.18.0.0/16')).toEqual(['172.18.0.0/16']);
    expect(trust('10.0.0.2, 10.0.0.3 ,fd00::/8,::1,loopback,uniquelocal,linklocal')).toEqual([
      '10.0.0.2',
      '10.0.0.3',
      'fd00::/8',
      '::1',
      'loopback',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('still takes true (every X-Forwarded-For entry believed)', () => {
    expect(trust('true')).toBe(true);
  });

  it.each([
    ['0'],
    ['11'],
    ['-1'],
    ['1.5'],
    ['yes'],
    [' , '],
    ['10.0.0.0/33'],
    ['fd00::/129'],
    ['10.0.0.1/8/2'],
    ['10.0.0.1,'],
    ['10.0.0.1,,10.0.0.2'],
    ['lb'],
    ['10.0.0.300'],
    ['10.0.0.0/x'],
  ])('refuses TRUST_PROXY=%j, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be false, true .*number of proxies/);
  });
});
