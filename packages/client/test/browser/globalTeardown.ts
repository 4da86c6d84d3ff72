import { teardown } from './installedClient';

export default teardown;
