"use client";
// Scalar's API reference over GET /v1/openapi.json, with "try it" against this server. Set so it
// stays inside the page's Content-Security-Policy: no fonts from fonts.scalar.com, no telemetry, no
// proxy (requests go to this origin), no agent chat or MCP panel, which would call Scalar's services.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export default function ScalarReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/v1/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: "never",
        modelsSectionLabel: "Schemas",
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
      }}
    />
  );
}
