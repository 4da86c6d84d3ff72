import { hash } from 'starknet';

import { CalldataReader, deployContract, emit, selectorOf } from './calls';
import type { CallContext, NativeClass } from './types';

/** The legacy Universal Deployer (deployContract). */
export const LEGACY_UDC_ADDRESS =
  0x041a78e741e5af2fec34b695679bc6891742439f7afb8484ecd7766661ad02bfn;
/** The Universal Deployer v2 (deploy_contract), starknet.js 10's default. */
export const UDC_ADDRESS =
  0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125n;
/** Class hash the node uses for its UDC emulation. */
export const UDC_CLASS_HASH =
  0x07b3e05f48f0c69e4a65ce5e076a66271a527aff2c34ce1083ec6e1526997a69n;

const deploy = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const classHash = reader.felt();
  const salt = reader.felt();
  const unique = reader.felt();
  const constructorCalldata = reader.array();
  const deployer = ctx.caller;
  const effectiveSalt =
    unique === 0n ? salt : BigInt(hash.computePedersenHash(deployer, salt));
  const address = BigInt(
    hash.calculateContractAddressFromHash(
      effectiveSalt,
      classHash,
      constructorCalldata,
      unique === 0n ? 0n : ctx.self,
    ),
  );
  deployContract(
    ctx.env,
    ctx.self,
    address,
    classHash,
    constructorCalldata,
    ctx.invocation,
  );
  emit(
    ctx,
    [selectorOf('ContractDeployed')],
    [
      address,
      deployer,
      unique,
      classHash,
      BigInt(constructorCalldata.length),
      ...constructorCalldata,
      salt,
    ],
  );
  return [address];
};

/** Native Universal Deployer (both entry point spellings). */
export const UDC_CLASS: NativeClass = {
  kind: 'udc',
  entries: { deployContract: deploy, deploy_contract: deploy },
};
