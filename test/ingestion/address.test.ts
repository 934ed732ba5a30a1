import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isPublicAddress } from '../../core/domain/address.ts';

const refused = [
  '0.0.0.0', '0.1.2.3', '127.0.0.1', '127.255.255.254', '10.0.0.1', '100.64.0.1', '100.127.255.254', '169.254.169.254',
  '172.16.0.1', '172.31.255.255', '192.168.1.1', '198.18.0.1', '198.19.255.255', '192.0.2.10', '224.0.0.251', '239.255.255.250',
  '240.0.0.1', '255.255.255.255', '::', '::1', '::127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
  '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
  '2001:db8::1', '2002:7f00:1::1', '2002:c0a8:101::1', 'not-an-ip', '', '1.2.3', '256.1.1.1',
];
const allowed = ['1.1.1.1', '8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];

test('only globally routable unicast addresses are public (private, loopback, link-local, reserved and their IPv6 forms are refused)', () => {
  for (const ip of refused) assert.is(isPublicAddress(ip), false, `${ip} must be refused`);
  for (const ip of allowed) assert.is(isPublicAddress(ip), true, `${ip} must be allowed`);
});

test.run();
