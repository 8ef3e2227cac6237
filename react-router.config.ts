import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The unit tests build the pages into a directory of their run's own (tests/support/app-build-setup.ts).
  buildDirectory: process.env.PAGES_BUILD_DIRECTORY ?? "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
