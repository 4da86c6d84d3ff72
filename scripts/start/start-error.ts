/**
 * An error whose message is the whole story for the user (what went wrong
 * and what to do): `npm start` prints it as is, without a stack.
 */
export class StartError extends Error {
  override name = 'StartError';
}
