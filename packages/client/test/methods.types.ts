import type { ParamsArgument, SnapParams } from '../src/methods';

// Compile-time checks (tsc fails if a line does not type-check).
const defaultsMayBeOmitted: SnapParams<'snapnet_createAccount'> = {};
const withChain: SnapParams<'snapnet_extractPublicKey'> = {
  userAddress: '0x1',
};
const noParams: ParamsArgument<'snapnet_getCurrentNetwork'> = [];
// @ts-expect-error userAddress has no default
const missingRequired: SnapParams<'snapnet_extractPublicKey'> = {};

export const typeChecks = [
  defaultsMayBeOmitted,
  withChain,
  noParams,
  missingRequired,
];
