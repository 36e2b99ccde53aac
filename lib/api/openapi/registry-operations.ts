import type { Operation } from "./operation";

export const registryOperations: Operation[] = [];
