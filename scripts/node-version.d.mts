export const MINIMUM_NODE_MAJOR: number;
export function nodeVersionProblem(version: string): string | undefined;
