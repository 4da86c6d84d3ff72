// The types of node-urls.js, whose doc comments say what each one does.

export declare const PUBLIC_NODES: {
  readonly mainnet: readonly string[];
  readonly testnet: readonly string[];
};

export declare function parseNodeUrls(text: string, variable: string): string[];

export declare function nodeUrlsFromEnvironment(
  env: Record<string, string | undefined>,
): { mainnet: string[]; testnet: string[] };

export declare function paymasterUrlsFromEnvironment(
  env: Record<string, string | undefined>,
): { mainnet: string; testnet: string };

export declare function swapApiUrlsFromEnvironment(
  env: Record<string, string | undefined>,
): { mainnet: string; testnet: string };
