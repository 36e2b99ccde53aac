export function findPostgresBin(): string | undefined;
export function startTempPostgres(options?: { log?: (message: string) => void }): Promise<
  | {
      url: string;
      pause(): Promise<void>;
      resume(): Promise<void>;
      freeze(): void;
      thaw(): void;
      stop(): Promise<void>;
    }
  | undefined
>;
export function createThrowAwayDatabase(
  serverUrl: string,
  prefix?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }>;
export function databaseUrlOn(serverUrl: string, name: string): string;
export function runOn(serverUrl: string, sql: string): Promise<Record<string, unknown>[]>;
