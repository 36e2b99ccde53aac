export const SERVICES_SLOT: unique symbol;

/** True when this process's services are started or starting, or run elsewhere. */
export function servicesStarted(): boolean;

/** For `npm start`'s pages process: the server process runs the services. */
export function markServicesElsewhere(): void;
