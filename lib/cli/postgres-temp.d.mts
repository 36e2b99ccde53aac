export function findPostgresBin(): string | undefined;
export function startTempPostgres(options?: { log?: (message: string) => void }): Promise<{ url: string; stop(): Promise<void> } | undefined>;
