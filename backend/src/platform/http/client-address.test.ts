import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).not.toBe(clientAddressKey('203.0.113.7'));
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = clientAddressKey('2001:db8:aa:bb::1');
    expect(key).toBe('2001:db8:aa:bb::/64');
    for (const same of [
      '2001:db8:aa:bb:ffff:ffff:ffff:ffff',
      '2001:0DB8:00aa:00BB:1234:5678:9abc:def0',
      '2001:db8:aa:bb:0:0:0:2',
      '2001:db8:aa:bb::192.0.2.1',
      '2001:db8:aa:bb::9%eth0',
    ])
      expect(clientAddressKey(same)).toBe(key);
    expect(clientAddressKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('1::')).toBe('1:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.8')).not.toBe(clientAddressKey('::ffff:203.0.113.7'));
  });

  it('keeps what is not an address (a unix socket has none) as given', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
