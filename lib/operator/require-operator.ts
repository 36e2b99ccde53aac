import "server-only";
import { ApiError } from "@/lib/contract/errors";
import { operatorOf, type OperatorClaims } from "./operator-token";

/** The operator's claims, or 401: /v1/operator/* take an operator token and nothing else. */
export function requireOperator(request: Request): OperatorClaims {
  const claims = operatorOf(request);
  if (!claims)
    throw new ApiError(
      401,
      "Authorization",
      "An operator token is required (npm run operator -- token); partner and owner tokens are not accepted.",
    );
  return claims;
}
