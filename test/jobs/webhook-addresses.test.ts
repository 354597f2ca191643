/**
 * The addresses a webhook may reach (src/webhooks/address.ts), and the lookup a delivery connects through: a public
 * address is handed to the connection as checked, a refused one never is. Nothing here opens a connection.
 */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { addressKind, addressProblem } from '../../src/webhooks/address.ts';
import { AddressRefused, defaultNetwork, pinnedLookup } from '../../src/webhooks/deliver.ts';

describe('address kinds', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
    ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated
    ['64:ff9b::7f00:1', 'loopback'], // NAT64
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['not an address', 'reserved'],
    ['93.184.215.14', null],
    ['8.8.8.8', null],
    ['100.128.0.1', null],
    ['172.32.0.1', null],
    ['::ffff:8.8.8.8', null],
    ['2606:4700:4700::1111', null],
  ])('%s is %s', (address, kind) => expect(addressKind(address)).toBe(kind));

  it('WEBHOOK_ALLOW_PRIVATE lets loopback and private addresses through, never link-local and the rest', () => {
    for (const a of ['127.0.0.1', '::ffff:10.0.0.1', 'fd00::1', '100.64.0.1']) {
      expect(addressProblem(a, false), a).toBe('loopback and private addresses are not allowed');
      expect(addressProblem(a, true), a).toBeNull();
    }
    for (const a of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', '::ffff:169.254.169.254']) {
      expect(addressProblem(a, true), a).toMatch(/never allowed/);
    }
    expect(addressProblem('93.184.215.14', false)).toBeNull();
  });
});

/** Calls the pinned lookup as a connection would, and gives its answer. */
function lookUp(answer: string[], options: { all?: boolean; family?: number } = {}) {
  const network = {
    ...defaultNetwork(false),
    resolve: async () => answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  };
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    pinnedLookup(network)('hook.example.com', options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('the lookup a delivery connects through', () => {
  it('hands a public address to the connection, as checked', async () => {
    expect(await lookUp(['93.184.215.14'])).toEqual({ error: null, address: '93.184.215.14', family: 4 });
    const all = await lookUp(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], { all: true });
    expect(all.address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    expect((await lookUp(['93.184.215.14', '2606:4700::1111'], { family: 6 })).address).toBe('2606:4700::1111');
  });

  it.each([['127.0.0.1'], ['::ffff:127.0.0.1'], ['169.254.169.254'], ['fd00::1']])(
    'refuses %s, alone or among public addresses',
    async (refused) => {
      for (const answer of [[refused], ['93.184.215.14', refused]]) {
        const { error, address } = await lookUp(answer, { all: true });
        expect(error).toBeInstanceOf(AddressRefused);
        expect((error as AddressRefused).address).toBe(refused);
        expect(address).toBe('');
      }
    },
  );
});
