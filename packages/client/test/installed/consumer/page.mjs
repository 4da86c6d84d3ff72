// A dapp's page using the installed @snapnet/client (its ES module build):
// connects the snap, reads the network, asks to switch to Mainnet.
import { connect, formatUnits } from '@snapnet/client';

globalThis.installedDapp = {
  async start() {
    const client = await connect({ snapId: 'npm:starknet-snap-wallet' });
    globalThis.installedDapp.client = client;
    return {
      installed: await client.installed(),
      network: await client.invoke('snapnet_getCurrentNetwork'),
      amount: formatUnits(1500000000000000000n, 18),
    };
  },
  async switchTo(chainId) {
    const switched = await globalThis.installedDapp.client.invoke(
      'snapnet_switchNetwork',
      {
        chainId,
      },
    );
    return {
      switched,
      network: await globalThis.installedDapp.client.invoke(
        'snapnet_getCurrentNetwork',
      ),
    };
  },
};
