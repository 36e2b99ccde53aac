// Lets plain Node run the TypeScript sources: tsx compiles them, and `server-only` (a marker for
// Next.js bundles) resolves to an empty module, since this process is the server.
// Usage: node --import ./scripts/register.mjs <file.ts>
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

registerTsx();
register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, nextResolve) {
        if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
        return nextResolve(specifier, context);
      }`),
);
