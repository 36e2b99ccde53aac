"use client";
// Deleting an access token asks first, in a modal dialog: apps using it stop working at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { apiClient } from "../api/client";
import { TOKENS_KEY } from "./create-token-form";
import { usePartnerApi } from "./use-partner-api";

export function DeleteTokenDialog({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const call = usePartnerApi();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) =>
      call((headers) => apiClient.DELETE("/v1/partner/access-token", { body: { id }, headers })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TOKENS_KEY });
      onClose();
    },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (token && !element.open) {
      remove.reset();
      element.showModal();
    } else if (!token && element.open) element.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="delete-token-title"
      className={
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 p-0 shadow-xl " +
        "backdrop:bg-slate-900/40"
      }
    >
      {token ? (
        <div className="space-y-3 p-5">
          <h3 id="delete-token-title" className="text-lg font-semibold">
            Delete &ldquo;{token.label}&rdquo;?
          </h3>
          <p className="text-sm text-slate-600">
            Apps using this {token.type} token stop working at once. This cannot be undone.
          </p>
          {remove.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {remove.error.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => remove.mutate(token.id)}
              disabled={remove.isPending}
            >
              {remove.isPending ? "Deleting…" : "Delete token"}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
