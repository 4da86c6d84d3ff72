import { isDeepStrictEqual } from 'util';

import { DEVIATIONS } from './deviations';
import { DEVNET_PROBES } from './devnet-probes';
import { subjectOf } from './observe';
import type { Subject } from './observe';
import { PROBES } from './probes';
import type { Observation } from './probes';
import { freePort } from '../../scripts/start/ports';
import { ensureArgentDeclared } from '../chain/classes';
import { startDevnet } from '../chain/devnet';
import type { TestNode } from '../chain/types';
import { startLocalNode } from '@snapnet/local-node';

/** The spec's methods first; the devnet_ ones last (devnet_restart ends). */
const ALL_PROBES = { ...PROBES, ...DEVNET_PROBES };

const nodes: TestNode[] = [];
let local: Subject;
let devnet: Subject;

beforeAll(async () => {
  const localNode = await startLocalNode({
    host: '127.0.0.1',
    port: await freePort(),
    seed: 42,
  });
  nodes.push(localNode);
  const devnetNode = await startDevnet({ port: await freePort() });
  nodes.push(devnetNode);
  await ensureArgentDeclared(devnetNode);
  local = subjectOf('local node', localNode);
  devnet = subjectOf('starknet-devnet', devnetNode);
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map(async (node) => node.stop()));
});

/**
 * Runs a probe on a node, turning a failure into an observation.
 *
 * @param subject - The node.
 * @param name - The probe.
 * @returns What it saw.
 */
async function observe(subject: Subject, name: string): Promise<Observation> {
  const probe = ALL_PROBES[name];
  if (!probe) {
    throw new Error(`no probe ${name}`);
  }
  try {
    return await probe(subject);
  } catch (error) {
    return { failed: String(error).slice(0, 300) };
  }
}

// The same scripted flows on both nodes, compared field by field: equal, or
// a documented deviation.
describe('the local node against starknet-devnet', () => {
  it.each(Object.keys(ALL_PROBES))(
    '%s',
    async (name) => {
      const [mine, real] = [
        await observe(local, name),
        await observe(devnet, name),
      ];
      const fields = [...new Set([...Object.keys(mine), ...Object.keys(real)])];
      const differing = fields.filter(
        (field) => !isDeepStrictEqual(mine[field], real[field]),
      );
      const documented = DEVIATIONS[name] ?? {};
      console.log(
        `${name}\n  local node:      ${JSON.stringify(mine)}\n  starknet-devnet: ${JSON.stringify(real)}`,
      );
      expect(differing.sort()).toStrictEqual(Object.keys(documented).sort());
    },
    120_000,
  );
});
