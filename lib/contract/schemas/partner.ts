// Partner access tokens and purchases (endpoints 7 to 10).
import { z } from "zod";
import { IsoDateTime, NameService, Uuid } from "./common";
import { ExactNumber } from "./exact-number";

const TokenTypeSchema = z.enum(["ADMIN", "CUSTOMER"]).meta({ id: "AccessTokenType" });

export const AccessToken = z
  .object({
    id: Uuid,
    partnerId: Uuid,
    label: z.string(),
    type: TokenTypeSchema,
    validFrom: IsoDateTime,
    validTill: IsoDateTime,
    value: z.string().meta({ description: "The JWT. Whole only in the creation response; listings show it redacted." }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: "AccessToken" });

export const AccessTokenList = z.array(AccessToken).meta({ id: "AccessTokenList" });

const isoInput = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z" });

export const CreateAccessTokenRequest = z
  .object({
    label: z.string().trim().min(1, "label must not be empty").max(100, "label must be at most 100 characters"),
    validFrom: isoInput,
    validTill: isoInput,
    type: TokenTypeSchema.optional().meta({ description: "ADMIN or CUSTOMER; CUSTOMER when absent." }),
  })
  .strict()
  .refine((body) => Date.parse(body.validTill) > Date.parse(body.validFrom), {
    path: ["validTill"],
    message: "validTill must be after validFrom",
  })
  .meta({ id: "CreateAccessTokenRequest" });

export const DeleteAccessTokenRequest = z
  .object({ id: z.uuid({ error: "id must be the uuid of an access token" }) })
  .strict()
  .meta({ id: "DeleteAccessTokenRequest" });

export const PartnerPurchase = z
  .object({
    currency: z.string(),
    domain: z.string(),
    nameService: NameService,
    ownerAddress: z.string(),
    partnerId: z.string(),
    price: ExactNumber("Price paid in `currency`."),
  })
  .meta({ id: "PartnerPurchase" });

export const PartnerPurchases = z.object({ purchases: z.array(PartnerPurchase) }).meta({ id: "PartnerPurchases" });

export type AccessToken = z.infer<typeof AccessToken>;
export type CreateAccessTokenRequest = z.infer<typeof CreateAccessTokenRequest>;

// Issue 32: owner addresses bound to the partner, and the wallet sign-in's exchange.
export const OwnerAddressRequest = z
  .object({ address: z.string().meta({ description: "0x-prefixed 20-byte address, any letter case." }) })
  .strict()
  .meta({ id: "OwnerAddressRequest" });

export const BoundOwnerAddress = z
  .object({ address: z.string(), createdAt: IsoDateTime })
  .meta({ id: "BoundOwnerAddress" });

export const BoundOwnerAddressList = z.array(BoundOwnerAddress).meta({ id: "BoundOwnerAddressList" });
