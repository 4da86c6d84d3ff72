/** See test-build-dir.js. */
export declare const TEST_BUILD_DIR: string;
