/**
 * `npm run openrpc`: writes openrpc.json from the router's method table.
 * `scripts/openrpc/document.test.ts` fails while the file is stale.
 */
import { writeFile } from 'fs/promises';
import { resolve } from 'path';

import { OPENRPC_FILE, openRpcText } from './document';

writeFile(resolve(__dirname, '../..', OPENRPC_FILE), openRpcText())
  .then(() => console.log(`Wrote ${OPENRPC_FILE}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
