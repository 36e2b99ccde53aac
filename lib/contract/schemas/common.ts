// Shapes shared by every part of the interface. Imports nothing from the server, so pages and
// tests reuse them.
import { z } from "zod";
import { COIN_CODES } from "@/lib/names/coin-codes";

export const NAME_SERVICES = ["ud", "ens", "native", "icann"] as const;
export const NameService = z.enum(NAME_SERVICES).meta({ id: "NameService" });
export type NameService = z.infer<typeof NameService>;

export const Coin = z.enum(COIN_CODES).meta({ id: "Coin", description: "Ticker code of a coin." });
export type Coin = z.infer<typeof Coin>;

export const ErrorItem = z
  .object({
    field: z.string().meta({ description: "Request field, query or path parameter, or header at fault." }),
    info: z.string().meta({ description: "What is wrong and how to fix it." }),
  })
  .meta({ id: "ErrorItem" });

/** Single-item error body (endpoints 1, 2, 6, 11, 12, 13). */
export const ErrorResponse = ErrorItem.meta({ id: "ErrorResponse" });
/** List error body (endpoints 3, 4, 5, 7, 8, 9, 10). */
export const ErrorsResponse = z.object({ errors: z.array(ErrorItem) }).meta({ id: "ErrorsResponse" });
export const ServerErrorResponse = z.object({ message: z.string() }).meta({ id: "ServerErrorResponse" });

export type ErrorItem = z.infer<typeof ErrorItem>;

export const Uuid = z.uuid();

/** ISO 8601 UTC date-time, as the interface writes timestamps. */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const PageSize = z.coerce
  .number({ error: "pageSize must be a whole number from 1 to 1000" })
  .int("pageSize must be a whole number from 1 to 1000")
  .min(1, "pageSize must be a whole number from 1 to 1000")
  .max(1000, "pageSize must be a whole number from 1 to 1000")
  .default(100);

export const PageToken = z.string().max(512, "pageToken is not a token this service issued").optional();
