"use client";
// A module of the API's schemas, imported in the browser after the page renders. Pages never import
// those modules statically: a page's server bundle would hold its own copy, and every copy of a
// schema with an id lands in zod's one global registry, which the OpenAPI document is built from.
// Until the module arrives a form judges only its own rules; the API checks the rest on submit.
import { useEffect, useState } from "react";

/** `load` is a module-level function (`() => import("…")`), so the effect runs once. */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    let alive = true;
    void load().then((module) => {
      if (alive) setLoaded(() => module);
    });
    return () => {
      alive = false;
    };
  }, [load]);
  return loaded;
}
