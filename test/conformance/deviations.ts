/**
 * Where the local node deliberately answers differently from starknet-devnet
 * 0.10.1 (real Cairo, Starknet 0.14.4), by probe and field, each with its
 * reason. The same list is in packages/local-node/README.md. The
 * differential test fails on any other difference, and on a listed one that
 * disappeared, so this list stays true.
 */
export const DEVIATIONS: Record<string, Record<string, string>> = {
  'transfer: status': {
    shape:
      'starknet-devnet answers "failure_reason": null for a successful transaction, which the spec does not allow; the local node omits it, as the spec says',
    fields: 'the same null field',
  },
  'estimate and simulate: fields': {
    innerResourcesGrow:
      'there is no Cairo VM in the local node: gas follows a fixed model per transaction type and calldata size, so the execution resources of an inner call do not grow with its work',
  },
  'declare: real class, redeclare, wrong compiled class hash': {
    wrongHash:
      'the local node cannot compile Sierra to CASM, so it cannot check compiled_class_hash (errors 56 and 60 never happen); starknet-devnet compiles and answers 60',
  },
  'events: paging': {
    hugeChunk:
      'the local node caps chunk_size at 1024 (error 31, which the spec lets a node choose) so clients can test paging limits; starknet-devnet has no cap',
  },
  'errors: writes': {
    notAnAccount:
      "the local node checks first that the sender is an account (58, the spec's error for it); starknet-devnet checks the fee balance first and answers 54 for a contract without STRK",
    oldVersion:
      "the local node parses a v1 invoke and answers 61 (version not supported), the spec's error for it; starknet-devnet cannot parse v1 any more and answers -32602",
  },
  'devnet_getConfig: fields and values': {
    keys: 'the local node has no class size limits to report (no class_size_config; its only limit is the 20 MB request body) and reports dump_dir, the only directory devnet_dump and devnet_load may use',
    serverKeys:
      'the local node reports server_config.allowed_origins, the web origins allowed to call devnet_dump and devnet_load (starknet-devnet has no such guard)',
  },
};
