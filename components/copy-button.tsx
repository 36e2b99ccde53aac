"use client";
import { useEffect, useState } from "react";

/** Copies `value`; the label says what is copied for screen readers, the state is announced. */
export function CopyButton({ value, label, className = "" }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${label}`}
      className={
        "inline-flex shrink-0 items-center rounded-md border border-slate-300 bg-white px-2 py-1 text-xs " +
        `font-medium text-slate-700 hover:bg-slate-100 ${className}`
      }
    >
      <span aria-live="polite">{copied === "done" ? "Copied" : copied === "failed" ? "Select and copy" : "Copy"}</span>
    </button>
  );
}
