// The rule of the token sign-in forms (partner dashboard, lookups, operator console): a pasted
// token has the shape of a JWT before anything is asked of the API; each form says so its own way.
import { z } from "zod";

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const PARTNER_SHAPE_ERROR =
  "That is not an access token: it should be three dot-separated parts (a JWT), as printed by `npm " +
  "run partner -- create`.";

export const signInSchema = (shapeError: string = PARTNER_SHAPE_ERROR) =>
  z.object({ token: z.string().trim().regex(JWT_SHAPE, shapeError) });
export type SignInValues = z.input<ReturnType<typeof signInSchema>>;
