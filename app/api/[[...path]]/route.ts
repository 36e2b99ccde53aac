// Any /api path no route serves: a JSON 404, under Next.js as under `npm start`.
import { notFoundRoute } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
