/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(url: string | undefined): boolean;
