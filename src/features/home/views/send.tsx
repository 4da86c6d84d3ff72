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

import { fromField } from './fromField';
import { HOME } from './model';
import type { HomeView } from './model';
import { feeField } from './paymaster';
import { displayOf } from './worth';
import { typedAmountExample } from '../../../prices/money';

/**
 * The Send view: from which account, which token, to whom (an address or a
 * Starknet ID name), how much, and how the fee is paid. The confirmation
 * that follows is executeTxn's. The dropdowns carry no value of their own,
 * so that a redraw keeps the user's choices; once a transfer was sent, the
 * recipient and the amount are drawn empty (a new form, see
 * ../signingForm.ts).
 *
 * @param view - The page.
 * @returns Its content.
 */
export function sendContent(view: HomeView): JSXElement {
  if (view.accounts.length === 0 || view.tokens.length === 0) {
    return (
      <Text>
        No account or token on this network yet: create an account in Accounts.
      </Text>
    );
  }
  const typed = view.place.emptyForms ? { value: '' } : {};
  return (
    <Box>
      <Text fontWeight="bold">{`Send on ${view.network.name}`}</Text>
      <Form name={HOME.send}>
        {fromField('send-from', view.accounts)}
        <Field label="Token">
          <Dropdown name="send-token">
            {view.tokens.map(({ address, symbol }) => (
              <Option value={address}>{symbol}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Recipient">
          <Input name="send-to" placeholder="0x… or alice.stark" {...typed} />
        </Field>
        <Field label="Amount">
          <Input
            name="send-amount"
            placeholder={typedAmountExample(displayOf(view).locale)}
            {...typed}
          />
        </Field>
        {feeField(view.paymaster)}
        <Button type="submit" name={`${HOME.send}:submit`}>
          Review and send
        </Button>
      </Form>
    </Box>
  );
}
