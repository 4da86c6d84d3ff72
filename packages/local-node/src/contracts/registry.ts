import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NAMING_ABI, OZ_ABI, UDC_ABI } from './abi';
import { ARGENT_CLASS, ARGENT_CLASS_HASH } from './argent';
import { AVNU_EXCHANGE_CLASS } from './avnu-exchange';
import { AVNU_EXCHANGE_ABI } from './avnu-exchange-abi';
import { AVNU_EXCHANGE_CLASS_HASH } from './avnu-exchange-protocol';
import { selectorOf } from './calls';
import { ENDUR_QUEUE_ABI, ENDUR_VAULT_ABI } from './endur-abi';
import {
  ENDUR_QUEUE_CLASS_HASH,
  ENDUR_VAULT_CLASS_HASH,
} from './endur-protocol';
import { ENDUR_QUEUE_CLASS } from './endur-queue';
import { ENDUR_VAULT_CLASS } from './endur-vault';
import { ERC20_CLASS } from './erc20';
import { ERC20_ABI } from './erc20-abi';
import { executedKind } from './executable';
import {
  LOCAL_AMM_ABI,
  LOCAL_AMM_CLASS,
  LOCAL_AMM_CLASS_HASH,
} from './local-amm';
import { NAMING_CLASS, NAMING_CLASS_HASH } from './naming';
import { OZ_CLASS, OZ_CLASS_HASH } from './oz';
import { OZ_ERC20_CLASS } from './oz-erc20';
import { POOL_CLASS } from './pool';
import { PRAGMA_ABI, PRAGMA_CLASS, PRAGMA_CLASS_HASH } from './pragma';
import { REWARD_SUPPLIER_CLASS, STAKING_CLASS } from './staking';
import { POOL_ABI, REWARD_SUPPLIER_ABI, STAKING_ABI } from './staking-abi';
import {
  POOL_CLASS_HASH,
  REWARD_SUPPLIER_CLASS_HASH,
  STAKING_CLASS_HASH,
} from './staking-protocol';
import type { ContractKind, NativeClass } from './types';
import { UDC_CLASS, UDC_CLASS_HASH } from './udc';
import { ERC20_CLASS_HASH } from '../base/constants';
import { toHex } from '../base/felt';

type Json = Record<string, unknown>;

/** A known class: what it emulates as and its body for getClass. */
export type ClassEntry = {
  kind: ContractKind;
  body: () => Json;
  /** The emulation, with the entry points the declared class lists. */
  native?: NativeClass;
};

/**
 * The external selectors a declared class lists.
 *
 * @param contractClass - The class as declared.
 * @returns The selectors.
 */
function externalSelectors(contractClass: Json): Set<bigint> {
  const entryPoints = contractClass.entry_points_by_type;
  const external =
    typeof entryPoints === 'object' && entryPoints !== null
      ? Object.entries(entryPoints).find(([key]) => key === 'EXTERNAL')?.[1]
      : undefined;
  const selectors = new Set<bigint>();
  if (Array.isArray(external)) {
    for (const entry of external) {
      if (typeof entry === 'object' && entry !== null && 'selector' in entry) {
        selectors.add(BigInt(String(entry.selector)));
      }
    }
  }
  return selectors;
}

const NATIVES: Record<ContractKind, NativeClass | undefined> = {
  argent: ARGENT_CLASS,
  oz: OZ_CLASS,
  erc20: ERC20_CLASS,
  'oz-erc20': OZ_ERC20_CLASS,
  udc: UDC_CLASS,
  naming: NAMING_CLASS,
  staking: STAKING_CLASS,
  pool: POOL_CLASS,
  'reward-supplier': REWARD_SUPPLIER_CLASS,
  pragma: PRAGMA_CLASS,
  'avnu-exchange': AVNU_EXCHANGE_CLASS,
  'local-amm': LOCAL_AMM_CLASS,
  'endur-vault': ENDUR_VAULT_CLASS,
  'endur-queue': ENDUR_QUEUE_CLASS,
  opaque: undefined,
};

let argentBody: Json | undefined;

/**
 * The real Argent 0.3.1 Sierra class (loaded once, abi as a string).
 *
 * @returns The class.
 */
function loadArgentBody(): Json {
  if (!argentBody) {
    const file = join(
      __dirname,
      '..',
      '..',
      'classes',
      'argent-0.3.1.sierra.json',
    );
    // eslint-disable-next-line n/no-sync -- read once, lazily, on first getClass
    const parsed: Json = JSON.parse(readFileSync(file, 'utf8'));
    argentBody = {
      sierra_program: parsed.sierra_program,
      contract_class_version: parsed.contract_class_version,
      entry_points_by_type: parsed.entry_points_by_type,
      abi: JSON.stringify(parsed.abi),
    };
  }
  return argentBody;
}

/**
 * A small stand-in Sierra class for a natively emulated contract: real
 * selectors, a placeholder program, and a usable ABI.
 *
 * @param native - The emulation.
 * @param abi - The ABI string.
 * @returns The class body.
 */
function syntheticBody(native: NativeClass, abi: string): Json {
  const selectors = Object.keys(native.entries)
    .map(selectorOf)
    .sort((a, b) => (a < b ? -1 : 1));
  return {
    sierra_program: ['0x1', '0x7', '0x0', '0x2', '0x9', '0x1'],
    contract_class_version: '0.1.0',
    entry_points_by_type: {
      CONSTRUCTOR: native.construct
        ? [{ selector: toHex(selectorOf('constructor')), function_idx: 0 }]
        : [],
      EXTERNAL: selectors.map((selector, index) => ({
        selector: toHex(selector),
        function_idx: index + 1,
      })),
      L1_HANDLER: [],
    },
    abi,
  };
}

/** Known classes of one chain: predeclared ones plus declared ones. */
export class ClassRegistry {
  readonly #entries = new Map<bigint, ClassEntry>([
    [ARGENT_CLASS_HASH, { kind: 'argent', body: loadArgentBody }],
    [
      OZ_CLASS_HASH,
      { kind: 'oz', body: (): Json => syntheticBody(OZ_CLASS, OZ_ABI) },
    ],
    [
      ERC20_CLASS_HASH,
      {
        kind: 'erc20',
        body: (): Json => syntheticBody(ERC20_CLASS, ERC20_ABI),
      },
    ],
    [
      UDC_CLASS_HASH,
      { kind: 'udc', body: (): Json => syntheticBody(UDC_CLASS, UDC_ABI) },
    ],
    [
      NAMING_CLASS_HASH,
      {
        kind: 'naming',
        body: (): Json => syntheticBody(NAMING_CLASS, NAMING_ABI),
      },
    ],
    [
      STAKING_CLASS_HASH,
      {
        kind: 'staking',
        body: (): Json => syntheticBody(STAKING_CLASS, STAKING_ABI),
      },
    ],
    [
      POOL_CLASS_HASH,
      { kind: 'pool', body: (): Json => syntheticBody(POOL_CLASS, POOL_ABI) },
    ],
    [
      REWARD_SUPPLIER_CLASS_HASH,
      {
        kind: 'reward-supplier',
        body: (): Json =>
          syntheticBody(REWARD_SUPPLIER_CLASS, REWARD_SUPPLIER_ABI),
      },
    ],
    [
      PRAGMA_CLASS_HASH,
      {
        kind: 'pragma',
        body: (): Json => syntheticBody(PRAGMA_CLASS, PRAGMA_ABI),
      },
    ],
    [
      AVNU_EXCHANGE_CLASS_HASH,
      {
        kind: 'avnu-exchange',
        body: (): Json => syntheticBody(AVNU_EXCHANGE_CLASS, AVNU_EXCHANGE_ABI),
      },
    ],
    [
      LOCAL_AMM_CLASS_HASH,
      {
        kind: 'local-amm',
        body: (): Json => syntheticBody(LOCAL_AMM_CLASS, LOCAL_AMM_ABI),
      },
    ],
    [
      ENDUR_VAULT_CLASS_HASH,
      {
        kind: 'endur-vault',
        body: (): Json => syntheticBody(ENDUR_VAULT_CLASS, ENDUR_VAULT_ABI),
      },
    ],
    [
      ENDUR_QUEUE_CLASS_HASH,
      {
        kind: 'endur-queue',
        body: (): Json => syntheticBody(ENDUR_QUEUE_CLASS, ENDUR_QUEUE_ABI),
      },
    ],
  ]);

  /** Class hashes declared at genesis. */
  readonly predeclared: bigint[] = [...this.#entries.keys()];

  /**
   *
   * @param classHash - The class hash.
   * @param contractClass - The contract class.
   */
  register(classHash: bigint, contractClass: Json): void {
    if (!this.#entries.has(classHash)) {
      const kind = executedKind(classHash, contractClass);
      const native = NATIVES[kind];
      this.#entries.set(classHash, {
        kind,
        body: (): Json => contractClass,
        native: native && {
          ...native,
          declaredSelectors: externalSelectors(contractClass),
        },
      });
    }
  }

  /**
   *
   * @param classHash - The class hash.
   * @returns The result.
   */
  get(classHash: bigint): ClassEntry | undefined {
    return this.#entries.get(classHash);
  }

  readonly resolve = (classHash: bigint): NativeClass | undefined => {
    const entry = this.#entries.get(classHash);
    return entry ? (entry.native ?? NATIVES[entry.kind]) : undefined;
  };
}
