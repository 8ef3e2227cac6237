// The development provider's store: oidc-provider's own in-memory adapter, chosen on purpose.
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { AdapterFactory } from "oidc-provider";
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
