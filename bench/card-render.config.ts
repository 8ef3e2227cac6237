import { defineConfig } from "vite";

/** Builds bench/card-render.tsx as the server's own render code is built: production React. */
export default defineConfig({
  logLevel: "warn",
  resolve: { tsconfigPaths: true },
  build: {
    ssr: "bench/card-render.tsx",
    outDir: "node_modules/.cache/card-render",
    emptyOutDir: true,
    minify: false,
  },
});
