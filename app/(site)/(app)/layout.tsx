import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

// Every page but the home page talks to the API through TanStack Query; the home page uses a
// small hook instead, which keeps its JavaScript under the 150 KB budget.
export default function AppPagesLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
