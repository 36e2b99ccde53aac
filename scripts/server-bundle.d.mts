export const SERVER_BUNDLE: string;

export function filesUnder(dir: string): string[];

export function hashOf(files: string[]): string;

export function ensureServerBundle(): string;
