import type { Json } from '@metamask/snaps-sdk';
import { hash, typedData } from 'starknet';

import { ACCOUNT_0 } from './fixtures';
import { enumHeavy } from './fuzzLarge';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  resultOf,
} from './installedWallet';
import type { Wallet } from './installedWallet';

/**
 * `snapnet_verifySignedMessage` reads typed data exactly as
 * `snapnet_signMessage` does: typed data that method refuses is refused
 * here with the same error, never answered `true` — even where starknet.js
 * hashes it to the hash of something the user did sign.
 */

/** The Stark field prime. */
const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

const DOMAIN = {
  name: 'Example Dapp',
  version: '1',
  chainId: 'SN_SEPOLIA',
  revision: '1',
};

const STARKNET_DOMAIN = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
];

/** A type's members (an enum's variants). */
type Members = { name: string; type: string; contains?: string }[];

/** Revision-1 typed data, as a site sends it and starknet.js hashes it. */
type Typed = {
  types: Record<string, Members>;
  primaryType: string;
  domain: typeof DOMAIN;
  message: Record<string, Json>;
};

/**
 * Revision-1 typed data of one `Note` with the given members.
 *
 * @param types - The types besides the domain (with `Note`).
 * @param message - The note.
 * @returns The typed data.
 */
function note(
  types: Record<string, Members>,
  message: Record<string, Json>,
): Typed {
  return {
    types: { StarknetDomain: STARKNET_DOMAIN, ...types },
    primaryType: 'Note',
    domain: DOMAIN,
    message,
  };
}

const transfer = hash.getSelectorFromName('transfer');

const selectorTypes = { Note: [{ name: 'action', type: 'selector' }] };

const enumTypes = {
  Note: [{ name: 'choice', type: 'enum', contains: 'Choice' }],
  Choice: [
    { name: 'A', type: '()' },
    { name: 'B', type: '(u128)' },
  ],
};

/**
 * Signs typed data through the snap, approving the dialog.
 *
 * @param wallet - The snap.
 * @param data - The typed data.
 * @returns The comma-joined signature.
 */
async function sign(wallet: Wallet, data: Json): Promise<string> {
  const pending = invoke(wallet, 'snapnet_signMessage', {
    typedDataMessage: data,
    signerAddress: ACCOUNT_0.address,
  });
  await (await confirmationOf(pending)).ok();
  const signature = await resultOf(pending);
  if (typeof signature !== 'string') {
    throw new Error('Expected the signature as text');
  }
  return signature;
}

/**
 * Asks the snap to verify a signature of typed data by account 0.
 *
 * @param wallet - The snap.
 * @param data - The typed data.
 * @param signature - The signature.
 * @returns The pending request.
 */
function verify(
  wallet: Wallet,
  data: Json,
  signature: string,
): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_verifySignedMessage', {
    typedDataMessage: data,
    address: ACCOUNT_0.address,
    signature,
  });
}

/**
 * The error `snapnet_signMessage` answers for typed data, with no dialog.
 *
 * @param wallet - The snap.
 * @param data - The typed data.
 * @returns Its error.
 */
async function signRefusal(
  wallet: Wallet,
  data: Json,
): ReturnType<typeof errorOf> {
  return errorOf(
    invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: data,
      signerAddress: ACCOUNT_0.address,
    }),
  );
}

describe('snapnet_verifySignedMessage reads typed data as snapnet_signMessage does', () => {
  it.each([
    [
      'a revision-1 selector of P + s, for s signed',
      note(selectorTypes, { action: transfer }),
      note(selectorTypes, {
        action: `0x${(FIELD_PRIME + BigInt(transfer)).toString(16)}`,
      }),
      'typedDataMessage.message.action',
    ],
    [
      'an enum value naming two variants, for the first signed',
      note(enumTypes, { choice: { A: [] } }),
      note(enumTypes, { choice: { A: [], B: [1] } }),
      'typedDataMessage.message.choice',
    ],
  ])(
    'refuses %s, naming the field as signMessage does',
    async (_name, signed, lookalike, field) => {
      const wallet = await installSharedWallet();
      const signature = await sign(wallet, signed);
      expect(await resultOf(verify(wallet, signed, signature))).toBe(true);
      // starknet.js hashes the look-alike to what was signed: only the
      // shared reading refuses it.
      expect(typedData.getMessageHash(lookalike, ACCOUNT_0.address)).toBe(
        typedData.getMessageHash(signed, ACCOUNT_0.address),
      );
      const refused = await errorOf(verify(wallet, lookalike, signature));
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain(field);
      expect(refused).toStrictEqual(await signRefusal(wallet, lookalike));
    },
  );

  it.each([
    // starknet.js alone takes seconds to hash these (fuzzLarge.ts).
    ['about 85 KB of enums, past the text bound', enumHeavy(2_500, 1, 1_200)],
    ['about 55 KB of enums, past the field bound', enumHeavy(1_500, 1, 800)],
  ])('refuses %s with signMessage’s bound', async (_name, data) => {
    const wallet = await installSharedWallet();
    const refused = await errorOf(verify(wallet, data, '0x1,0x2'));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('too large to show faithfully');
    expect(refused).toStrictEqual(await signRefusal(wallet, data));
  });

  it('still answers false for a signature of other typed data', async () => {
    const wallet = await installSharedWallet();
    const signed = note(enumTypes, { choice: { A: [] } });
    const signature = await sign(wallet, signed);
    const other = note(enumTypes, { choice: { B: [1] } });
    expect(await resultOf(verify(wallet, other, signature))).toBe(false);
  });
});
