import { setup } from './installedClient';

export default setup;
