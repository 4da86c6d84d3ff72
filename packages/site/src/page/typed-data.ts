/**
 * An example SNIP-12 (revision 1) message for the signing form, on the
 * current network.
 *
 * @param chainId - The network's chain id (hex).
 * @returns The typed data as indented JSON.
 */
export function exampleTypedData(chainId: string): string {
  const chainName = chainId === '0x534e5f4d41494e' ? 'SN_MAIN' : 'SN_SEPOLIA';
  return JSON.stringify(
    {
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'version', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        Message: [
          { name: 'greeting', type: 'shortstring' },
          { name: 'nonce', type: 'felt' },
        ],
      },
      primaryType: 'Message',
      domain: {
        name: 'Snap companion',
        version: '1',
        chainId: chainName,
        revision: '1',
      },
      message: { greeting: 'Hello Starknet', nonce: '1' },
    },
    null,
    2,
  );
}
