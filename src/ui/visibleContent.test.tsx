import {
  Banner,
  Box,
  Copyable,
  Input,
  Row,
  Text,
} from '@metamask/snaps-sdk/jsx';

import { shapedForMetaMask } from './metaMaskShape';
import { visibleContent } from './visibleContent';

describe('visibleContent', () => {
  it('makes every shown text visible and leaves identifiers alone', () => {
    const shown = visibleContent(
      <Box>
        <Banner title={'Pay\u202Eyal'} severity="danger">
          <Text>{'evil\u200B.com'}</Text>
        </Banner>
        <Row label={'to\u0000'}>
          <Text>{['a', '\u2066b']}</Text>
        </Row>
        <Copyable value={'0x1\u200D'} />
        <Input name={'field\u200B'} value={'typed\u200B'} />
        {null}
      </Box>,
    );
    // Shaped as MetaMask checks it quickly (metaMaskShape.test.tsx).
    expect(shown).toStrictEqual(
      shapedForMetaMask(
        <Box>
          <Banner title="Pay⟨U+202E⟩yal" severity="danger">
            <Text>evil⟨U+200B⟩.com</Text>
          </Banner>
          <Row label="to⟨U+0000⟩">
            <Text>{['a', '⟨U+2066⟩b']}</Text>
          </Row>
          <Copyable value="0x1⟨U+200D⟩" />
          <Input name={'field\u200B'} value={'typed\u200B'} />
          {null}
        </Box>,
      ),
    );
  });

  it('changes nothing in text that reads as it is', () => {
    const content = (
      <Box>
        <Text>Send 1.5 STRK to 0xabc — café</Text>
        <Row label="Network">
          <Text>Testnet</Text>
        </Row>
      </Box>
    );
    expect(visibleContent(content)).toStrictEqual(shapedForMetaMask(content));
  });
});
