/**
 * `npm start -w packages/site`: builds and serves the page on its own.
 *
 * Environment: SITE_PORT (default 8000), SNAP_ID (default the snap served by
 * the root `npm start`).
 */
import { serveSite } from './serve';

/* eslint-disable n/no-process-env */
const port = Number(process.env.SITE_PORT ?? 8000);
const snapId = process.env.SNAP_ID ?? 'local:http://localhost:8081';
/* eslint-enable n/no-process-env */

/**
 * Serves the page until Ctrl-C.
 */
async function main(): Promise<void> {
  const site = await serveSite({ port, snapId });
  console.log(`The companion page is at ${site.url} (snap ${snapId}).`);
  const stop = (): void => {
    site.stop().catch(console.error);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
