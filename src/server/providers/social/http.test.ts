import { describe, expect, it } from 'vitest';
import { isPublicAddress, PlatformError, publicOrigin } from './http.ts';

describe('isPublicAddress', () => {
  it('takes ordinary public unicast addresses', () => {
    for (const address of ['1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local, shared, benchmarking, reserved and multicast IPv4', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.0.0.8',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.254',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('judges an IPv4-mapped IPv6 address as the IPv4 address it carries, in either spelling', () => {
    for (const address of ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('::ffff:1.1.1.1')).toBe(true);
  });

  it('refuses IPv6 loopback, unique local, link-local, NAT64, 6to4, Teredo, multicast and garbage', () => {
    for (const address of [
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'ff02::1',
      'not an address',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('publicOrigin', () => {
  const refused = async (input: string) => {
    const error = await publicOrigin(input, false).catch((e: unknown) => e);
    expect(error, input).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind, input).toBe('refused');
  };

  it('refuses addresses written as IPv4-mapped, NAT64, link-local or benchmarking literals', async () => {
    for (const input of [
      'https://[::ffff:127.0.0.1]',
      'https://[::ffff:169.254.169.254]',
      'https://[::ffff:7f00:1]:8443',
      'https://[64:ff9b::7f00:1]',
      'https://[fe80::1]',
      'https://198.18.0.1',
      'https://127.1',
      'https://0x7f000001',
    ])
      await refused(input);
  });

  it('refuses a name that resolves to loopback, and http without the private-hosts setting', async () => {
    await refused('https://localhost');
    await refused('http://example.com');
  });

  it('keeps a public literal address as its origin', async () => {
    expect(await publicOrigin('https://1.1.1.1/path', false)).toBe('https://1.1.1.1');
  });
});
