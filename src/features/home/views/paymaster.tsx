import {
  Box,
  Button,
  Dropdown,
  Field,
  Form,
  Input,
  Option,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

/**
 * The page's paymaster parts: the fee choice of the send form (STRK, or a
 * token the network's paymaster takes that an account holds), and each
 * network's paymaster with a form to change it.
 */

/** Element names of the paymaster parts (events carry them). */
export const HOME_PAYMASTER = {
  fee: 'send-fee',
  /** The send form's "STRK from the account" choice. */
  strk: 'strk',
  setPaymaster: 'home-set-paymaster:', // then `<chainId>`
  defaultPaymaster: 'home-default-paymaster:', // then `<chainId>`
} as const;

/** What the page knows of the current network's paymaster. */
export type PaymasterView = {
  host: string;
  /** Tracked tokens it takes that an account of the page holds. */
  feeTokens: { address: string; symbol: string }[];
};

/**
 * The send form's fee choice.
 *
 * @param paymaster - The current network's paymaster, if any.
 * @returns The field.
 */
export function feeField(paymaster: PaymasterView | undefined): JSXElement {
  return (
    <Field label="Fee">
      <Dropdown name={HOME_PAYMASTER.fee}>
        <Option value={HOME_PAYMASTER.strk}>STRK, from the account</Option>
        {(paymaster?.feeTokens ?? []).map(({ address, symbol }) => (
          <Option
            value={address}
          >{`${symbol}, through ${paymaster?.host ?? ''}`}</Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * A network's paymaster, and a form to use another one.
 *
 * @param network - The network.
 * @param network.name - Its name.
 * @param network.chainId - Its chain id.
 * @param network.paymaster - Its paymaster's URL, if any.
 * @param network.chosen - Whether the user (or its site) chose it.
 * @returns The box.
 */
export function paymasterBox(network: {
  name: string;
  chainId: string;
  paymaster: string | undefined;
  chosen: boolean;
}): JSXElement {
  const { name, chainId, paymaster, chosen } = network;
  return (
    <Box>
      <Text>{`Paymaster (fees in other tokens): ${paymaster ?? 'none'}`}</Text>
      <Form name={`${HOME_PAYMASTER.setPaymaster}${chainId}`}>
        <Field label={`Use another paymaster for ${name}`}>
          <Input
            name={`${HOME_PAYMASTER.setPaymaster}${chainId}:url`}
            placeholder="https://…"
          />
        </Field>
        <Button
          type="submit"
          name={`${HOME_PAYMASTER.setPaymaster}${chainId}:submit`}
        >
          Check and use this paymaster
        </Button>
      </Form>
      {chosen ? (
        <Button name={`${HOME_PAYMASTER.defaultPaymaster}${chainId}`}>
          {`Back to the default paymaster of ${name}`}
        </Button>
      ) : null}
    </Box>
  );
}
