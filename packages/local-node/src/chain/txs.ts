/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { EDAMode, hash } from 'starknet';

import { QUERY_VERSION_3, TX_VERSION_3 } from '../base/constants';
import { invalidParams, starknetError } from '../base/errors';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';

const U64 = 1n << 64n;
const U128 = 1n << 128n;

export type Bound = { maxAmount: bigint; maxPrice: bigint };
export type ResourceBounds = { l1Gas: Bound; l1DataGas: Bound; l2Gas: Bound };
type DaMode = 0 | 1;

type Common = {
  hash: bigint;
  isQuery: boolean;
  signature: bigint[];
  nonce: bigint;
  resourceBounds: ResourceBounds;
  tip: bigint;
  paymasterData: bigint[];
  nonceDa: DaMode;
  feeDa: DaMode;
  /** The transaction as served by getTransaction* (canonical hex, no hash). */
  json: Record<string, unknown>;
};

export type ParsedInvoke = Common & {
  type: 'INVOKE';
  sender: bigint;
  calldata: bigint[];
};
export type ParsedDeployAccount = Common & {
  type: 'DEPLOY_ACCOUNT';
  sender: bigint;
  classHash: bigint;
  salt: bigint;
  constructorCalldata: bigint[];
};
export type ParsedDeclare = Common & {
  type: 'DECLARE';
  sender: bigint;
  classHash: bigint;
  compiledClassHash: bigint;
  contractClass: Record<string, unknown>;
  programLength: number;
};
export type ParsedTx = ParsedInvoke | ParsedDeployAccount | ParsedDeclare;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a field that must be an object.
 *
 * @param value - The value.
 * @param name - Field name.
 * @returns The object.
 */
export function expectObject(value: unknown, name: string): Json {
  if (!isObject(value)) {
    throw invalidParams(`${name}: expected an object`);
  }
  return value;
}

const parseBound = (value: unknown, name: string): Bound => {
  const bound = expectObject(value, name);
  return {
    maxAmount: parseFelt(bound.max_amount, `${name}.max_amount`, U64),
    maxPrice: parseFelt(
      bound.max_price_per_unit,
      `${name}.max_price_per_unit`,
      U128,
    ),
  };
};

const parseDa = (value: unknown, name: string): DaMode => {
  if (value === undefined || value === 'L1') {
    return EDAMode.L1;
  }
  if (value === 'L2') {
    return EDAMode.L2;
  }
  throw invalidParams(`${name}: expected "L1" or "L2"`);
};

const boundJson = (bound: Bound): Json => ({
  max_amount: toHex(bound.maxAmount),
  max_price_per_unit: toHex(bound.maxPrice),
});

const hexes = (values: bigint[]): string[] => values.map(toHex);

/**
 * Parses the fields every v3 transaction has.
 *
 * @param raw - The broadcasted transaction.
 * @param allowQuery - Whether the query version is accepted.
 * @returns The common fields (hash still 0) and the version string.
 */
function parseCommon(
  raw: Json,
  allowQuery: boolean,
): {
  common: Omit<Common, 'json' | 'hash'>;
  version: '0x3' | '0x100000000000000000000000000000003';
} {
  const version = parseFelt(raw.version, 'version');
  if (
    version !== TX_VERSION_3 &&
    !(allowQuery && version === QUERY_VERSION_3)
  ) {
    throw starknetError('UNSUPPORTED_TX_VERSION');
  }
  const bounds = expectObject(raw.resource_bounds, 'resource_bounds');
  const zero = { max_amount: '0x0', max_price_per_unit: '0x0' };
  return {
    version:
      version === TX_VERSION_3 ? '0x3' : '0x100000000000000000000000000000003',
    common: {
      isQuery: version === QUERY_VERSION_3,
      signature: parseFeltArray(raw.signature ?? [], 'signature'),
      nonce: parseFelt(raw.nonce, 'nonce'),
      resourceBounds: {
        l1Gas: parseBound(bounds.l1_gas, 'resource_bounds.l1_gas'),
        l1DataGas: parseBound(
          bounds.l1_data_gas ?? zero,
          'resource_bounds.l1_data_gas',
        ),
        l2Gas: parseBound(bounds.l2_gas, 'resource_bounds.l2_gas'),
      },
      tip: parseFelt(raw.tip ?? '0x0', 'tip', U64),
      paymasterData: parseFeltArray(raw.paymaster_data ?? [], 'paymaster_data'),
      nonceDa: parseDa(
        raw.nonce_data_availability_mode,
        'nonce_data_availability_mode',
      ),
      feeDa: parseDa(
        raw.fee_data_availability_mode,
        'fee_data_availability_mode',
      ),
    },
  };
}

const commonJson = (
  common: Omit<Common, 'json' | 'hash'>,
  version: string,
): Json => ({
  version,
  signature: hexes(common.signature),
  nonce: toHex(common.nonce),
  resource_bounds: {
    l1_gas: boundJson(common.resourceBounds.l1Gas),
    l1_data_gas: boundJson(common.resourceBounds.l1DataGas),
    l2_gas: boundJson(common.resourceBounds.l2Gas),
  },
  tip: toHex(common.tip),
  paymaster_data: hexes(common.paymasterData),
  nonce_data_availability_mode: common.nonceDa === 0 ? 'L1' : 'L2',
  fee_data_availability_mode: common.feeDa === 0 ? 'L1' : 'L2',
});

const boundsBn = (
  bounds: ResourceBounds,
): Record<
  'l1_gas' | 'l1_data_gas' | 'l2_gas',
  { max_amount: bigint; max_price_per_unit: bigint }
> => ({
  l1_gas: {
    max_amount: bounds.l1Gas.maxAmount,
    max_price_per_unit: bounds.l1Gas.maxPrice,
  },
  l1_data_gas: {
    max_amount: bounds.l1DataGas.maxAmount,
    max_price_per_unit: bounds.l1DataGas.maxPrice,
  },
  l2_gas: {
    max_amount: bounds.l2Gas.maxAmount,
    max_price_per_unit: bounds.l2Gas.maxPrice,
  },
});

type ChainIdArg = Parameters<
  typeof hash.calculateInvokeTransactionHash
>[0]['chainId'];

/**
 * Computes a Sierra class hash from a broadcasted class (abi given as string).
 *
 * @param contractClass - The class.
 * @returns The class hash.
 */
export function sierraClassHash(contractClass: Json): bigint {
  let abi: unknown = [];
  if (typeof contractClass.abi === 'string' && contractClass.abi.length > 0) {
    try {
      abi = JSON.parse(contractClass.abi);
    } catch {
      throw invalidParams('contract_class.abi: not valid JSON');
    }
  }
  const program = parseFeltArray(
    contractClass.sierra_program,
    'contract_class.sierra_program',
  );
  const entryPoints = expectObject(
    contractClass.entry_points_by_type,
    'contract_class.entry_points_by_type',
  );
  const entries = (
    name: string,
  ): { selector: string; function_idx: number }[] => {
    const list = entryPoints[name];
    if (!Array.isArray(list)) {
      throw invalidParams(`contract_class.entry_points_by_type.${name}`);
    }
    return list.map((item: unknown, index) => {
      const entry = expectObject(item, `${name}[${index}]`);
      const idx = entry.function_idx;
      if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0) {
        throw invalidParams(`${name}[${index}].function_idx`);
      }
      return {
        selector: toHex(
          parseFelt(entry.selector, `${name}[${index}].selector`),
        ),
        function_idx: idx,
      };
    });
  };
  return BigInt(
    hash.computeSierraContractClassHash({
      sierra_program: hexes(program),
      contract_class_version: String(contractClass.contract_class_version),
      entry_points_by_type: {
        CONSTRUCTOR: entries('CONSTRUCTOR'),
        EXTERNAL: entries('EXTERNAL'),
        L1_HANDLER: entries('L1_HANDLER'),
      },
      abi: JSON.stringify(abi) === undefined ? [] : (abi as []),
    }),
  );
}

/**
 * Parses and hashes a broadcasted v3 transaction.
 *
 * @param value - The JSON transaction.
 * @param chainId - The chain id (hex).
 * @param allowQuery - Whether query versions are accepted (estimate/simulate).
 * @returns The parsed transaction with its hash.
 */
export function parseTransaction(
  value: unknown,
  chainId: string,
  allowQuery: boolean,
): ParsedTx {
  const raw = expectObject(value, 'transaction');
  const { common, version } = parseCommon(raw, allowQuery);
  const base = commonJson(common, version);
  const hashArgs = {
    version,
    chainId: chainId as ChainIdArg,
    nonce: common.nonce,
    nonceDataAvailabilityMode: common.nonceDa,
    feeDataAvailabilityMode: common.feeDa,
    resourceBounds: boundsBn(common.resourceBounds),
    tip: common.tip,
    paymasterData: common.paymasterData,
  };
  switch (raw.type) {
    case 'INVOKE': {
      const sender = parseFelt(raw.sender_address, 'sender_address');
      const calldata = parseFeltArray(raw.calldata, 'calldata');
      const deployment = parseFeltArray(
        raw.account_deployment_data ?? [],
        'account_deployment_data',
      );
      const txHash = hash.calculateInvokeTransactionHash({
        ...hashArgs,
        senderAddress: sender,
        compiledCalldata: hexes(calldata),
        accountDeploymentData: deployment,
      });
      return {
        ...common,
        type: 'INVOKE',
        hash: BigInt(txHash),
        sender,
        calldata,
        json: {
          type: 'INVOKE',
          sender_address: toHex(sender),
          calldata: hexes(calldata),
          ...base,
          account_deployment_data: hexes(deployment),
        },
      };
    }
    case 'DEPLOY_ACCOUNT': {
      const classHash = parseFelt(raw.class_hash, 'class_hash');
      const salt = parseFelt(
        raw.contract_address_salt,
        'contract_address_salt',
      );
      const calldata = parseFeltArray(
        raw.constructor_calldata,
        'constructor_calldata',
      );
      const address = BigInt(
        hash.calculateContractAddressFromHash(salt, classHash, calldata, 0),
      );
      const txHash = hash.calculateDeployAccountTransactionHash({
        ...hashArgs,
        contractAddress: address,
        classHash,
        compiledConstructorCalldata: hexes(calldata),
        salt,
      });
      return {
        ...common,
        type: 'DEPLOY_ACCOUNT',
        hash: BigInt(txHash),
        sender: address,
        classHash,
        salt,
        constructorCalldata: calldata,
        json: {
          type: 'DEPLOY_ACCOUNT',
          class_hash: toHex(classHash),
          contract_address_salt: toHex(salt),
          constructor_calldata: hexes(calldata),
          ...base,
        },
      };
    }
    case 'DECLARE': {
      const sender = parseFelt(raw.sender_address, 'sender_address');
      const compiledClassHash = parseFelt(
        raw.compiled_class_hash,
        'compiled_class_hash',
      );
      const contractClass = expectObject(raw.contract_class, 'contract_class');
      const classHash = sierraClassHash(contractClass);
      const deployment = parseFeltArray(
        raw.account_deployment_data ?? [],
        'account_deployment_data',
      );
      const txHash = hash.calculateDeclareTransactionHash({
        ...hashArgs,
        classHash: toHex(classHash),
        compiledClassHash: toHex(compiledClassHash),
        senderAddress: sender,
        accountDeploymentData: deployment,
      });
      const program = Array.isArray(contractClass.sierra_program)
        ? contractClass.sierra_program
        : [];
      return {
        ...common,
        type: 'DECLARE',
        hash: BigInt(txHash),
        sender,
        classHash,
        compiledClassHash,
        programLength: program.length,
        contractClass: {
          sierra_program: program,
          contract_class_version: contractClass.contract_class_version,
          entry_points_by_type: contractClass.entry_points_by_type,
          abi: typeof contractClass.abi === 'string' ? contractClass.abi : '[]',
        },
        json: {
          type: 'DECLARE',
          sender_address: toHex(sender),
          compiled_class_hash: toHex(compiledClassHash),
          class_hash: toHex(classHash),
          ...base,
          account_deployment_data: hexes(deployment),
        },
      };
    }
    default:
      throw invalidParams(
        'transaction.type: expected INVOKE, DEPLOY_ACCOUNT or DECLARE',
      );
  }
}
