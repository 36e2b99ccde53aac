/** Generates the Prisma client when the schema changed since the last generation. */
export function ensurePrismaClient(): void;

/** Runs `next build` when the pages' or the API's sources changed since the last build. */
export function ensureNextBuild(): void;
